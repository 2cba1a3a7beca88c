import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { SpeechEngine, TranscriptSegment, TranscriptWord } from "./engine";
import { EngineUnavailableError, TranscriptionError, UnsupportedLanguageError } from "./errors";
import { runCommand } from "../process.server";
import { readSpeechWavInfo, SPEECH_SAMPLE_RATE, wavHeader, type WavInfo } from "./wav.server";

/** Where Debian's pocketsphinx-en-us puts the parts of the model, inside POCKETSPHINX_MODEL_DIR. */
export function pocketsphinxModelFiles(modelDir: string) {
  return {
    acousticModel: path.join(modelDir, "en-us"),
    languageModel: path.join(modelDir, "en-us.lm.bin"),
    dictionary: path.join(modelDir, "cmudict-en-us.dict"),
  };
}

/** Non-words pocketsphinx marks in its output: sentence bounds, silence and noise fillers. */
const FILLER = /^(<s>|<\/s>|<sil>|\[[A-Z]+\]|\+\+.*\+\+)$/;
/** `word start end posterior`, one per line inside an utterance (`-time yes`). */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/;

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Turns `pocketsphinx_continuous -time yes` output into segments: each utterance (between `<s>` and `</s>`)
 * is one segment. Fillers are dropped, pronunciation variants ("can(2)") lose their suffix, and each word keeps
 * its posterior probability as its confidence; a segment's confidence is the mean of its words'.
 */
export function parsePocketsphinxOutput(output: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: TranscriptWord[] = [];
  const close = () => {
    if (words.length > 0) {
      const confidences = words.map((word) => word.confidence ?? 0);
      segments.push({
        start: words[0].start,
        end: words[words.length - 1].end,
        text: words.map((word) => word.word).join(" "),
        confidence: round(confidences.reduce((sum, value) => sum + value, 0) / confidences.length),
        speaker: null,
        words,
      });
    }
    words = [];
  };
  for (const line of output.split("\n")) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue; // the hypothesis line of each utterance, or noise
    const [, token, start, end, posterior] = match;
    if (token === "<s>") {
      close();
      continue;
    }
    if (token === "</s>") {
      close();
      continue;
    }
    if (FILLER.test(token)) continue;
    words.push({
      word: token.replace(/\(\d+\)$/, ""),
      start: round(Number(start)),
      end: round(Number(end)),
      confidence: round(Math.min(1, Math.max(0, Number(posterior)))),
    });
  }
  close();
  return segments;
}

/**
 * pocketsphinx_continuous skips exactly 44 bytes of a .wav and reads the rest as samples, so a longer header
 * (ffmpeg's LIST chunk, for one) would be heard as sound, and its words change with shifts that small. Files
 * from decodeToWav and speechChunks have the plain 44-byte header and are used as they are; others are copied
 * (streamed) to a temporary WAV with one.
 */
async function withPlainHeader(
  wavPath: string,
  info: WavInfo,
): Promise<{ path: string; dispose: () => Promise<void> }> {
  if (info.dataOffset === 44) return { path: wavPath, dispose: async () => {} };
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-sphinx-"));
  const copy = path.join(dir, "input.wav");
  const output = fs.createWriteStream(copy);
  output.write(wavHeader(info.totalSamples));
  await pipeline(
    fs.createReadStream(wavPath, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1 }),
    output,
  );
  return { path: copy, dispose: () => fs.promises.rm(dir, { recursive: true, force: true }) };
}

function isEnglish(language: string | undefined): boolean {
  return language === undefined || /^en(-|_|$)/i.test(language);
}

/**
 * CMU Pocketsphinx through Debian's `pocketsphinx_continuous`: offline, English only, word times. Not an AI
 * model in the sense users mean; its label says "offline".
 */
export function pocketsphinxEngine(options: { modelDir: string }): SpeechEngine {
  const files = pocketsphinxModelFiles(options.modelDir);
  return {
    name: "pocketsphinx",
    model: "en-us",
    label: "Pocketsphinx (offline, English)",
    languages: ["en"],
    async transcribe(wavPath, transcribeOptions) {
      if (!isEnglish(transcribeOptions.language)) {
        throw new UnsupportedLanguageError(
          `The offline engine (Pocketsphinx) transcribes English only, so it cannot transcribe "${transcribeOptions.language}". Choose English, or ask the administrator to enable Whisper or an OpenAI-compatible engine.`,
        );
      }
      for (const file of Object.values(files)) {
        if (!fs.existsSync(file)) {
          throw new EngineUnavailableError(
            `The Pocketsphinx model is incomplete: ${file} is missing. Install the Debian package pocketsphinx-en-us or set POCKETSPHINX_MODEL_DIR.`,
          );
        }
      }
      const info = await readSpeechWavInfo(wavPath);
      const input = await withPlainHeader(wavPath, info);
      let pending = "";
      const { code, stdout, stderr } = await runCommand(
        "pocketsphinx_continuous",
        [
          "-infile",
          input.path,
          "-hmm",
          files.acousticModel,
          "-lm",
          files.languageModel,
          "-dict",
          files.dictionary,
          "-samprate",
          String(SPEECH_SAMPLE_RATE),
          // Its spectral noise removal hurts on clean recordings: word error rate on jfk decoded from
          // wav/mp3/m4a/webm 0.72 → 0.51 on average without it, on the two-voice dialogue 0.94 → 0.89.
          "-remove_noise",
          "no",
          "-logfn",
          "/dev/null",
          "-time",
          "yes",
        ],
        {
          // It runs at about 3× real time on one core; leave room for a busy machine.
          timeoutMs: 120_000 + info.durationSeconds * 3_000,
          signal: transcribeOptions.signal,
          installHint: "the Debian packages pocketsphinx and pocketsphinx-en-us",
          onStdout(text) {
            if (!transcribeOptions.onProgress || info.durationSeconds === 0) return;
            pending += text;
            const lines = pending.split("\n");
            pending = lines.pop() ?? "";
            for (const line of lines) {
              const match = WORD_LINE.exec(line.trim());
              if (match) transcribeOptions.onProgress(Math.min(1, Number(match[3]) / info.durationSeconds));
            }
          },
        },
      ).finally(() => input.dispose());
      if (code !== 0)
        throw new TranscriptionError(`pocketsphinx_continuous failed (exit ${code}): ${stderr.trim().slice(-300)}`);
      transcribeOptions.onProgress?.(1);
      return { language: "en", engine: "pocketsphinx", model: "en-us", segments: parsePocketsphinxOutput(stdout) };
    },
  };
}
