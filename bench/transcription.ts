// bench/transcription: what the transcription pipeline costs on top of the speech engine, and whether its memory
// stays flat as recordings get longer. Uses the real modules in-process: probeAudio, then transcribeLong on
// decodeSpeechPcm's stream (Silero VAD chunks → pocketsphinx), as the transcription job runs them.
// Usage: nice -n 19 node --import tsx bench/transcription.ts [--long] [--format wav|mp3|m4a|opus]   (Markdown)
//   --long     also run a 2-hour file (about 25 min of CPU here); without it the 2-hour row is an estimate.
//   --format   container of the test files (default wav: 16 kHz mono PCM, so decoding costs least; opus is
//              12 kbps Ogg/Opus, the case where decoded audio is largest next to the upload).
//   --first-text  time to the first text of a 1-hour file, as the job runs it (measure the decoded length, then
//              transcribeLong with its onSegments hook), then (with --full) the rest of the file for the total time.
//   --no-engine  only temporary disk and memory of decoding, VAD and chunking on 10-minute and 2-hour files, with
//              an engine that returns nothing (a minute or two instead of half an hour).
// Each pipeline run is its own process, so one file's peak memory does not hide the next one's. Its TMPDIR is a
// fresh folder, whose size (all the run's temporary files) is sampled every 100 ms for the temp-disk peak.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  decodedDurationSeconds,
  decodeSpeechPcm,
  decodeToWav,
  probeAudio,
} from "../app/services/transcription/audio.server";
import type { SpeechEngine } from "../app/services/transcription/engine";
import {
  parsePocketsphinxOutput,
  pocketsphinxEngine,
  pocketsphinxModelFiles,
} from "../app/services/transcription/pocketsphinx.server";
import { transcribeLong } from "../app/services/transcription/long-audio.server";
import { sharedFile } from "../tests/shared-files";
import { folderBytes } from "../tests/process-probes";

const AUDIO = sharedFile("testdata", "audio");
const MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
const VAD_MODEL = sharedFile("models", "silero_vad.onnx");
const OVERHEAD_TARGET = 1.1;
// Just over pocketsphinx's 120 s chunk, so the 2-minute file goes through the VAD and chunking as longer ones do
// (at 120 s or less transcribeLong hands the whole file to the engine in one call).
const LENGTHS = [
  { label: "2 min", seconds: 130 },
  { label: "10 min", seconds: 600 },
];
const LONG = { label: "2 h", seconds: 7200 };

interface ChildPeaks {
  /** Peak VmHWM (kB) per program name among this process's children. */
  [program: string]: number;
}

/**
 * Every 100 ms: this process's RSS, and the kernel's peak RSS (VmHWM) of each known child process. Children are
 * found by scanning /proc for this parent pid every 500 ms (this kernel has no /proc/<pid>/task/<tid>/children), so
 * a child that lives under half a second (ffprobe, ffmpeg on short files) may be missed. The time spent sampling
 * is kept, to be taken off this process's CPU time.
 */
function sampleMemory(parentPid = process.pid) {
  let peakRss = process.memoryUsage.rss();
  let samplingMs = 0;
  let ticks = 0;
  const children: ChildPeaks = {};
  const known = new Map<string, string>(); // pid → program name
  const readHwm = (pid: string, name: string) => {
    try {
      const hwm = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (hwm) children[name] = Math.max(children[name] ?? 0, Number(hwm[1]));
    } catch {
      known.delete(pid); // it exited
    }
  };
  const tick = () => {
    const started = process.cpuUsage();
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    if (ticks++ % 5 === 0) {
      for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry) || known.has(entry)) continue;
        try {
          const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
          const close = stat.lastIndexOf(")");
          if (Number(stat.slice(close + 2).split(" ")[1]) === parentPid)
            known.set(entry, stat.slice(stat.indexOf("(") + 1, close));
        } catch {} // it exited meanwhile
      }
    }
    for (const [pid, name] of known) readHwm(pid, name);
    samplingMs += cpuMsSince(started);
  };
  const timer = setInterval(tick, 100);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peakRss, children, samplingMs };
    },
  };
}

/** CPU time (ms) this process used since `started` (wall time would count the waits on a busy machine). */
function cpuMsSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** The largest size a folder reaches, sampled every 100 ms (and the time the sampling took). */
function sampleFolder(dir: string) {
  let peak = 0;
  let samplingMs = 0;
  const tick = () => {
    const started = process.cpuUsage();
    peak = Math.max(peak, folderBytes(dir));
    samplingMs += cpuMsSince(started);
  };
  const timer = setInterval(tick, 100);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peak, samplingMs };
    },
  };
}

/** CPU seconds (user + system) of this process and of its children that have exited, from /proc/self/stat. */
function cpuSeconds(): { self: number; children: number } {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // Fields 14–17 (utime, stime, cutime, cstime) in clock ticks of 1/100 s.
  return { self: (fields[11] + fields[12]) / 100, children: (fields[13] + fields[14]) / 100 };
}

function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error", "-y", ...args], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const ENCODERS: Record<string, string[]> = {
  wav: ["-c:a", "pcm_s16le"],
  mp3: ["-c:a", "libmp3lame", "-b:a", "64k"],
  m4a: ["-c:a", "aac", "-b:a", "64k"],
  opus: ["-c:a", "libopus", "-b:a", "12k"],
};

/** jfk.wav, 0.75 s of silence, the two-speaker dialogue, 1 s of silence: repeated, cut at `seconds`. */
function buildAudio(dir: string, seconds: number, format: string): string {
  const unit = path.join(dir, "unit.wav");
  if (!fs.existsSync(unit)) {
    ffmpeg([
      "-i",
      path.join(AUDIO, "jfk.wav"),
      "-i",
      path.join(AUDIO, "dialogue-two-speakers.wav"),
      "-f",
      "lavfi",
      "-t",
      "0.75",
      "-i",
      "anullsrc=r=16000:cl=mono",
      "-f",
      "lavfi",
      "-t",
      "1",
      "-i",
      "anullsrc=r=16000:cl=mono",
      "-filter_complex",
      "[0:a][2:a][1:a][3:a]concat=n=4:v=0:a=1[out]",
      "-map",
      "[out]",
      "-ar",
      "16000",
      "-ac",
      "1",
      "-c:a",
      "pcm_s16le",
      unit,
    ]);
  }
  const file = path.join(dir, `speech-${seconds}s.${format === "opus" ? "ogg" : format}`);
  ffmpeg(["-stream_loop", "-1", "-i", unit, "-t", String(seconds), "-map_metadata", "-1", ...ENCODERS[format], file]);
  return file;
}

/** pocketsphinx_continuous with exactly the arguments the engine passes, timed, with its peak RSS. */
async function runPocketsphinx(wavPath: string) {
  const files = pocketsphinxModelFiles(MODEL_DIR);
  const args = [
    "-infile",
    wavPath,
    "-hmm",
    files.acousticModel,
    "-lm",
    files.languageModel,
    "-dict",
    files.dictionary,
    "-samprate",
    "16000",
    "-remove_noise",
    "no",
    "-logfn",
    "/dev/null",
    "-time",
    "yes",
  ];
  const cpuBefore = cpuSeconds().children;
  const started = performance.now();
  const child = spawn("pocketsphinx_continuous", args, { stdio: ["ignore", "pipe", "inherit"] });
  let peakKb = 0;
  const timer = setInterval(() => {
    try {
      const hwm = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {}
  }, 100);
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`pocketsphinx_continuous exited with ${code}`);
  const segments = parsePocketsphinxOutput(stdout);
  const ms = performance.now() - started;
  return {
    ms,
    cpuS: cpuSeconds().children - cpuBefore,
    peakKb,
    words: segments.reduce((sum, segment) => sum + segment.words.length, 0),
  };
}

interface PipelineResult {
  audioSeconds: number;
  probeMs: number;
  /** Decoding and transcribing, interleaved (ffmpeg decodes as the engine goes). */
  transcribeMs: number;
  engineMs: number;
  /** CPU seconds of this process plus its exited children (ffprobe, ffmpeg, pocketsphinx). */
  cpuS: number;
  childCpuS: number;
  /** Time spent in the memory sampler (taken off cpuS). */
  samplingS: number;
  chunks: number;
  chunkSeconds: number;
  words: number;
  rssStartMb: number;
  peakRssMb: number;
  maxRssMb: number;
  /** Largest total size of the run's temporary files (its TMPDIR). */
  tempPeakMb: number;
  children: ChildPeaks;
}

/** The pipeline on one file, in this process (the child mode). */
async function runPipeline(file: string): Promise<PipelineResult> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-pipeline-"));
  const engine = pocketsphinxEngine({ modelDir: MODEL_DIR });
  const noEngine = process.env.BENCH_NO_ENGINE === "1";
  let engineMs = 0;
  let chunks = 0;
  let chunkSeconds = 0;
  const timedEngine: SpeechEngine = {
    ...engine,
    async transcribe(wavPath, options) {
      const started = performance.now();
      try {
        if (noEngine) return { language: "en", engine: "pocketsphinx", model: null, segments: [] };
        return await engine.transcribe(wavPath, options);
      } finally {
        engineMs += performance.now() - started;
        chunks++;
        chunkSeconds += (fs.statSync(wavPath).size - 44) / 32_000;
      }
    },
  };
  const rssStart = process.memoryUsage.rss();
  const memory = sampleMemory();
  const disk = sampleFolder(os.tmpdir());
  try {
    const cpu0 = cpuSeconds();
    const t0 = performance.now();
    const probe = await probeAudio(file);
    const t1 = performance.now();
    const audio = decodeSpeechPcm(file);
    const settings = { vadModelPath: VAD_MODEL, tempDir: workDir };
    const result = await transcribeLong(timedEngine, audio, probe.durationSeconds, { speakerLabels: false }, settings);
    const t2 = performance.now();
    const cpu1 = cpuSeconds();
    const { peakRss, children, samplingMs: memorySamplingMs } = memory.stop();
    const { peak: tempPeak, samplingMs: diskSamplingMs } = disk.stop();
    const samplingMs = memorySamplingMs + diskSamplingMs;
    return {
      audioSeconds: probe.durationSeconds,
      probeMs: t1 - t0,
      transcribeMs: t2 - t1,
      engineMs,
      cpuS: cpu1.self - cpu0.self - samplingMs / 1000 + cpu1.children - cpu0.children,
      samplingS: samplingMs / 1000,
      childCpuS: cpu1.children - cpu0.children,
      chunks,
      chunkSeconds,
      words: result.segments.reduce((sum, segment) => sum + segment.words.length, 0),
      rssStartMb: rssStart / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
      maxRssMb: (process.resourceUsage().maxRSS * 1024) / 2 ** 20,
      tempPeakMb: tempPeak / 2 ** 20,
      children,
    };
  } finally {
    memory.stop();
    disk.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function pipelineInChild(file: string, tmpdir: string, withEngine = true): PipelineResult {
  fs.mkdirSync(tmpdir);
  try {
    const args = [...process.execArgv, fileURLToPath(import.meta.url), "--run", file];
    const output = execFileSync(process.execPath, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 2 ** 20,
      env: { ...process.env, TMPDIR: tmpdir, BENCH_NO_ENGINE: withEngine ? "0" : "1" },
    });
    return JSON.parse(output.trim().split("\n").at(-1)!);
  } finally {
    fs.rmSync(tmpdir, { recursive: true, force: true });
  }
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const mb = (kb: number | undefined) => (kb === undefined ? "–" : (kb / 1024).toFixed(1));

/** Temporary disk and memory of everything but the engine, on a 10-minute and a 2-hour file. */
async function diskOnly(format: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-transcription-bench-"));
  try {
    console.log(`Decoding, VAD and 120 s chunks with an engine that returns nothing (${format}):\n`);
    console.log(
      "| File | Upload (MB) | Audio (s) | Wall (s) | Chunks | Temp disk peak (MB) | Node peak RSS (MB) | ffmpeg peak (MB) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const length of [LENGTHS[1], LONG]) {
      const file = buildAudio(dir, length.seconds, format);
      const result = pipelineInChild(file, path.join(dir, `tmp-${length.seconds}`), false);
      console.log(
        `| ${length.label} | ${(fs.statSync(file).size / 2 ** 20).toFixed(2)} | ${result.audioSeconds.toFixed(0)} | ` +
          `${s(result.probeMs + result.transcribeMs)} | ${result.chunks} | ${result.tempPeakMb.toFixed(1)} | ` +
          `${result.peakRssMb.toFixed(1)} | ${mb(result.children.ffmpeg)} |`,
      );
      fs.rmSync(file);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const long = process.argv.includes("--long");
  const formatIndex = process.argv.indexOf("--format");
  const format = formatIndex === -1 ? "wav" : process.argv[formatIndex + 1];
  if (!ENCODERS[format]) throw new Error(`--format is one of ${Object.keys(ENCODERS).join(", ")}`);
  if (process.argv.includes("--no-engine")) return diskOnly(format);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-transcription-bench-"));
  try {
    const lengths = long ? [...LENGTHS, LONG] : LENGTHS;
    const files = lengths.map((length) => ({ ...length, file: buildAudio(dir, length.seconds, format) }));

    // Warm-up: the model files into the page cache, so neither side pays for the first read.
    await runPocketsphinx(path.join(AUDIO, "jfk.wav"));

    // Baseline: the engine's own command on the already-decoded 16 kHz WAV of the whole 2-minute file.
    const decoded = path.join(dir, "baseline.wav");
    await decodeToWav(files[0].file, decoded);
    const baseline = await runPocketsphinx(decoded);

    const results = files.map((entry) => ({
      ...entry,
      result: pipelineInChild(entry.file, path.join(dir, `tmp-${entry.seconds}`)),
    }));
    const short = results[0].result;
    const shortTotal = short.probeMs + short.transcribeMs;
    const ratio = shortTotal / baseline.ms;

    console.log(
      `Test audio: jfk.wav + 0.75 s silence + dialogue-two-speakers.wav + 1 s silence, looped (${format}). pocketsphinx_continuous (Debian, en-us), ` +
        `Silero VAD (sherpa-onnx), 120 s chunks. Node ${process.version}, ${os.cpus().length} cores, run under nice.\n`,
    );
    console.log("Overhead on the 2-minute file (130 s, just over one 120 s chunk so the VAD path runs):\n");
    console.log("| Measurement | Wall time (s) | CPU (s) | Words | Peak RSS (MB) |");
    console.log("|---|---:|---:|---:|---:|");
    console.log(
      `| Engine alone: pocketsphinx_continuous on the decoded 16 kHz WAV | ${s(baseline.ms)} | ${baseline.cpuS.toFixed(1)} | ${baseline.words} | ${mb(baseline.peakKb)} (child) |`,
    );
    console.log(
      `| Whole pipeline: probeAudio + transcribeLong on decodeSpeechPcm | ${s(shortTotal)} | ${short.cpuS.toFixed(1)} (children ${short.childCpuS.toFixed(1)}; sampler's ${short.samplingS.toFixed(2)} s taken off) | ${short.words} | ${short.peakRssMb.toFixed(1)} (Node) |`,
    );
    console.log(`| – of which probeAudio | ${s(short.probeMs)} | | | |`);
    console.log(
      `| – of which the engine inside transcribeLong (${short.chunks} chunks, ${short.chunkSeconds.toFixed(0)} s of audio) | ${s(short.engineMs)} | | | |`,
    );
    console.log(
      `| – of which decoding, VAD, chunk files and the rest of transcribeLong | ${s(short.transcribeMs - short.engineMs)} | | | |`,
    );
    console.log(
      `| **Overhead ratio** (pipeline ÷ engine alone; target ≤ ${OVERHEAD_TARGET.toFixed(2)}) | **${ratio.toFixed(2)}** | ${(short.cpuS / baseline.cpuS).toFixed(2)} | | |`,
    );

    console.log(
      "\nMemory and time against length (each file in a fresh process; RSS sampled every 100 ms, max RSS from getrusage):\n",
    );
    console.log(
      "| File | Upload (MB) | Audio (s) | Pipeline (s) | × real time | Chunks | Temp disk peak (MB) | Node RSS at start (MB) | Node peak RSS (MB) | Node max RSS (MB) | Growth (MB) | pocketsphinx peak (MB) | ffmpeg peak (MB) | ffprobe peak (MB) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const { label, file, result } of results) {
      const total = result.probeMs + result.transcribeMs;
      console.log(
        `| ${label} | ${(fs.statSync(file).size / 2 ** 20).toFixed(2)} | ${result.audioSeconds.toFixed(0)} | ${s(total)} | ` +
          `${(total / 1000 / result.audioSeconds).toFixed(3)} | ${result.chunks} | ${result.tempPeakMb.toFixed(1)} | ` +
          `${result.rssStartMb.toFixed(1)} | ${result.peakRssMb.toFixed(1)} | ${result.maxRssMb.toFixed(1)} | ${(result.maxRssMb - result.rssStartMb).toFixed(1)} | ` +
          `${mb(result.children.pocketsphinx_co)} | ${mb(result.children.ffmpeg)} | ${mb(result.children.ffprobe)} |`,
      );
    }
    if (!long) {
      const tenMinutes = results[1].result;
      const perSecond = (tenMinutes.probeMs + tenMinutes.transcribeMs) / 1000 / tenMinutes.audioSeconds;
      console.log(
        `| 2 h (estimate, not run; \`--long\` runs it) | | ${LONG.seconds} | ~${(perSecond * LONG.seconds).toFixed(0)} | ${perSecond.toFixed(3)} | ~${Math.ceil((tenMinutes.chunks * LONG.seconds) / tenMinutes.audioSeconds)} | | | | ~${tenMinutes.peakRssMb.toFixed(0)} if flat | | | | | |`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Time to first text of a 1-hour file: from the job's start (its file at hand, as after the download) through the
 * decoded-length pass the job makes before the engine runs, to the first settled segment `transcribeLong` hands
 * out (the job saves it at once, and the page shows it on its next poll). With --full it goes on to the end.
 */
async function firstText(format: string) {
  const full = process.argv.includes("--full");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-first-text-bench-"));
  try {
    const file = buildAudio(dir, 3600, format);
    await runPocketsphinx(path.join(AUDIO, "jfk.wav")); // warm-up: model files into the page cache
    const controller = new AbortController();
    const t0 = performance.now();
    const durationSeconds = await decodedDurationSeconds(file);
    const measured = performance.now();
    let first: { ms: number; start: number; text: string } | null = null;
    let segments = 0;
    const run = transcribeLong(
      pocketsphinxEngine({ modelDir: MODEL_DIR }),
      decodeSpeechPcm(file, { signal: controller.signal }),
      durationSeconds,
      { speakerLabels: false, signal: controller.signal },
      {
        vadModelPath: VAD_MODEL,
        tempDir: dir,
        onSegments: (settled) => {
          segments += settled.length;
          if (!first && settled.length) {
            first = { ms: performance.now() - t0, start: settled[0].start, text: settled[0].text };
            if (!full) controller.abort(new Error("first text measured"));
          }
        },
      },
    ).catch((error: unknown) => {
      if (!controller.signal.aborted) throw error;
    });
    await run;
    const total = performance.now() - t0;
    const found = first as { ms: number; start: number; text: string } | null;
    console.log(
      `1-hour file (${format}, ${durationSeconds.toFixed(0)} s), pocketsphinx, Silero VAD, first chunk ≤ 20 s, ` +
        `Node ${process.version}, ${os.cpus().length} cores:
`,
    );
    console.log("| Measurement | Seconds from job start |");
    console.log("|---|---:|");
    console.log(`| Decoded length measured (the job's pass before the engine) | ${s(measured - t0)} |`);
    console.log(
      `| **First segment settled** (at ${found?.start.toFixed(1) ?? "–"} s of audio: "${found?.text ?? ""}") | **${found ? s(found.ms) : "–"}** |`,
    );
    if (full) console.log(`| Whole file transcribed (${segments} segments) | ${s(total)} |`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const runIndex = process.argv.indexOf("--run");
if (runIndex !== -1) {
  console.log(JSON.stringify(await runPipeline(process.argv[runIndex + 1])));
} else if (process.argv.includes("--first-text")) {
  const formatIndex = process.argv.indexOf("--format");
  await firstText(formatIndex === -1 ? "wav" : process.argv[formatIndex + 1]);
} else {
  await main();
}
process.exit(0);
