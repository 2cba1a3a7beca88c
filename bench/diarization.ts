// bench/diarization: how well the offline speaker labelling finds who speaks when, against reference turns.
// For each WAV (16 kHz mono; others are converted with ffmpeg first), the speech regions come from the Silero VAD
// (as the transcript's segments would), each region's sound is measured (spanVoiceStats), and speakerTurns says
// who speaks when. Prints the diarization error rate (DER, 0.25 s collar: missed + false alarm + confusion over
// the reference's speech), the speakers found, and the run time, for the current method and, as the baseline in
// the same run, the segment-level MFCC+BIC method it replaced (from git, labelling whole VAD regions).
// Usage: node --import tsx bench/diarization.ts [--speakers N] [file.wav …]   (Markdown)
//   References: <file>.rttm beside the WAV, or <file>.json with `turns: [{speaker, start, end}]`; without one,
//   only the speakers found and the time are printed.
//   Default files: call-two-speakers.wav and dialogue-two-speakers.wav from the shared test data.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { diarizationError, parseRttm, type SpeakerTurn } from "../app/services/transcription/diarization-error";
import { speakerTurns, spanVoiceStats, type SpeakerCount } from "../app/services/transcription/diarization.server";
import { sherpaOnnx } from "../app/services/transcription/sherpa.server";
import { readPcmRange, readWavInfo, SPEECH_SAMPLE_RATE, toFloat32 } from "../app/services/transcription/wav.server";
import { sharedFile } from "../tests/shared-files";

/** The method before ADR 023, for the baseline column. */
const BASELINE_COMMIT = "898067b";
const VAD_MODEL = sharedFile("models", "silero_vad.onnx");
const REPO = path.resolve(import.meta.dirname, "..");

interface Span {
  start: number;
  end: number;
}

const args = process.argv.slice(2);
const speakersAt = args.indexOf("--speakers");
const speakers: SpeakerCount = speakersAt >= 0 ? Number(args.splice(speakersAt, 2)[1]) : "auto";
const files = args.length
  ? args
  : ["call-two-speakers.wav", "dialogue-two-speakers.wav"].map((name) => sharedFile("testdata", "audio", name));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-bench-diarization-"));

/** The file as 16 kHz mono 16-bit PCM WAV (converted into the temporary folder when it is not). */
async function speechWav(file: string): Promise<string> {
  const info = await readWavInfo(file).catch(() => null);
  if (info && info.sampleRate === SPEECH_SAMPLE_RATE && info.channels === 1 && info.bitsPerSample === 16) return file;
  const converted = path.join(tmp, `${path.basename(file)}.wav`);
  execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", file, "-ar", "16000", "-ac", "1", converted]);
  return converted;
}

/** Speech regions by the Silero VAD, with the settings the transcription pipeline uses (vad.server.ts). */
async function speechRegions(wav: string): Promise<Span[]> {
  const info = await readWavInfo(wav);
  const handle = await fs.promises.open(wav, "r");
  const samples = toFloat32(await readPcmRange(handle, info, 0, info.totalSamples));
  await handle.close();
  const { Vad } = sherpaOnnx();
  const window = 512;
  const vad = new Vad(
    {
      sileroVad: {
        model: VAD_MODEL,
        threshold: 0.3,
        minSilenceDuration: 0.25,
        minSpeechDuration: 0.1,
        windowSize: window,
        maxSpeechDuration: 30,
      },
      sampleRate: SPEECH_SAMPLE_RATE,
      numThreads: 1,
      debug: false,
    },
    60,
  );
  const regions: Span[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const { start, samples: speech } = vad.front();
      regions.push({ start: start / SPEECH_SAMPLE_RATE, end: (start + speech.length) / SPEECH_SAMPLE_RATE });
      vad.pop();
    }
  };
  for (let i = 0; i < samples.length; i += window) {
    vad.acceptWaveform(samples.subarray(i, i + window));
    drain();
  }
  vad.flush();
  drain();
  return regions;
}

function reference(file: string): SpeakerTurn[] | null {
  const base = file.replace(/\.[^.]+$/, "");
  if (fs.existsSync(`${base}.rttm`)) return parseRttm(fs.readFileSync(`${base}.rttm`, "utf8"));
  if (fs.existsSync(`${base}.json`)) {
    const turns = JSON.parse(fs.readFileSync(`${base}.json`, "utf8")).turns as SpeakerTurn[] | undefined;
    if (turns?.every((turn) => typeof turn.speaker === "string")) return turns;
  }
  return null;
}

type Labeller = (wav: string, regions: Span[]) => Promise<SpeakerTurn[]>;

const current: Labeller = async (wav, regions) => speakerTurns(await spanVoiceStats(wav, regions), { speakers });

/** The old labelSpeakers, from git: one label per VAD region. Null when git or the commit is not at hand. */
async function baseline(): Promise<Labeller | null> {
  let source: string;
  try {
    const file = "app/services/transcription/diarization.server.ts";
    source = execFileSync("git", ["-C", REPO, "show", `${BASELINE_COMMIT}:${file}`], { encoding: "utf8" });
  } catch {
    return null;
  }
  const module = path.join(tmp, "baseline-diarization.server.ts");
  const here = path.join(REPO, "app/services/transcription");
  fs.writeFileSync(module, source.replaceAll('from "./', `from "${here}/`));
  const { labelSpeakers } = (await import(module)) as typeof import("../app/services/transcription/diarization.server");
  return async (wav, regions) => {
    const segments = regions.map((region) => ({ ...region, text: "", confidence: null, speaker: null, words: [] }));
    return (await labelSpeakers(wav, segments)).map(({ speaker, start, end }) => ({ speaker: speaker!, start, end }));
  };
}

const methods: [string, Labeller | null][] = [
  [`frame resegmentation + turn BIC (speakers: ${speakers})`, current],
  [`baseline: segment MFCC+BIC (${BASELINE_COMMIT})`, await baseline()],
];

console.log("| file | method | speakers found (reference) | DER | missed | false alarm | confusion | time |");
console.log("|---|---|---|---|---|---|---|---|");
try {
  for (const file of files) {
    const wav = await speechWav(file);
    const regions = await speechRegions(wav);
    const truth = reference(file);
    for (const [name, labeller] of methods) {
      if (!labeller) {
        console.log(`| ${path.basename(file)} | ${name} | (git commit not available) | | | | | |`);
        continue;
      }
      const started = performance.now();
      const turns = await labeller(wav, regions);
      const seconds = (performance.now() - started) / 1000;
      const found = new Set(turns.map((turn) => turn.speaker)).size;
      const expected = truth ? ` (${new Set(truth.map((turn) => turn.speaker)).size})` : "";
      const score = truth ? diarizationError(truth, turns, 0.25) : null;
      const share = (value: number) => (score ? `${((100 * value) / score.scored).toFixed(1)}%` : "–");
      console.log(
        `| ${path.basename(file)} | ${name} | ${found}${expected} | ${score ? score.der.toFixed(3) : "–"} | ` +
          `${share(score?.missed ?? 0)} | ${share(score?.falseAlarm ?? 0)} | ${share(score?.confusion ?? 0)} | ` +
          `${seconds.toFixed(2)} s |`,
      );
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
