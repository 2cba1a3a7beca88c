import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TranscribeDetailedResult, WhisperModel } from "smart-whisper";
import type { SpeechEngine, TranscriptSegment, TranscriptWord } from "./engine";
import { EngineUnavailableError, UnsupportedLanguageError } from "./errors";
import { languageCode } from "./languages";
import { roundTime } from "./segments";
import { readPcmBlocks, readSpeechWavInfo, toFloat32 } from "./wav.server";

export interface WhisperModelInfo {
  /** "tiny.en", "base", "large-v3"… from the file name, else from the model's size. */
  name: string;
  multilingual: boolean;
  /** whisper's end-of-text token id: ids above it are timestamps and other special tokens. */
  endOfText: number;
}

const GGML_MAGIC = 0x67676d6c; // "ggml"
const SIZE_BY_LAYERS: Record<number, string> = { 4: "tiny", 6: "base", 12: "small", 24: "medium", 32: "large" };

/** Reads the ggml header of a whisper.cpp model: whether it is multilingual and what to call it. */
export function readWhisperModelInfo(modelPath: string): WhisperModelInfo {
  const header = Buffer.alloc(48);
  const fd = fs.openSync(modelPath, "r");
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (header.readUInt32LE(0) !== GGML_MAGIC) {
    throw new EngineUnavailableError(
      `${modelPath} is not a whisper.cpp model (ggml-*.bin). Run \`npm run models:download\` to fetch one.`,
    );
  }
  // hparams: n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, …
  const vocabulary = header.readInt32LE(4);
  const audioLayers = header.readInt32LE(20);
  const multilingual = vocabulary >= 51865;
  // ggml-base.en.bin → "base.en" (also with a prefix: for-tests-ggml-tiny.en.bin → "tiny.en").
  const fromName = /(?:^|[-_])ggml-(.+?)\.bin$/.exec(path.basename(modelPath))?.[1];
  const name = fromName ?? `${SIZE_BY_LAYERS[audioLayers] ?? "custom"}${multilingual ? "" : ".en"}`;
  return { name, multilingual, endOfText: multilingual ? 50257 : 50256 };
}

type DetailedResult = TranscribeDetailedResult<true>;

const SPECIAL_TOKEN = /^(\[_[A-Z0-9_]*\]|<\|.*\|>)$/;

/** Joins whisper's sub-word tokens into words (a token starting with a space starts a word), with their times. */
function tokensToWords(tokens: DetailedResult["tokens"], endOfText: number): TranscriptWord[] {
  const words: TranscriptWord[] = [];
  let current: { text: string; start: number; end: number; p: number[] } | null = null;
  const close = () => {
    if (!current) return;
    const word = current.text.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (word) {
      words.push({
        word,
        start: roundTime(current.start / 1000),
        end: roundTime(current.end / 1000),
        confidence: roundTime(current.p.reduce((sum, p) => sum + p, 0) / current.p.length),
      });
    }
    current = null;
  };
  for (const token of tokens) {
    if (token.id >= endOfText || SPECIAL_TOKEN.test(token.text)) continue;
    if (current === null || token.text.startsWith(" ")) {
      close();
      current = { text: token.text, start: token.from, end: token.to, p: [token.p] };
    } else {
      current.text += token.text;
      current.end = token.to;
      current.p.push(token.p);
    }
  }
  close();
  return words;
}

/** Maps smart-whisper's detailed results (times in ms) to our segments. */
export function whisperResultsToSegments(results: DetailedResult[], endOfText = 50257): TranscriptSegment[] {
  return results
    .map((result) => ({
      start: roundTime(result.from / 1000),
      end: roundTime(result.to / 1000),
      text: result.text.trim(),
      confidence: Number.isFinite(result.confidence) ? roundTime(Math.min(1, Math.max(0, result.confidence))) : null,
      speaker: null,
      words: tokensToWords(result.tokens ?? [], endOfText),
    }))
    .filter((segment) => segment.text.length > 0);
}

/** A model no transcription has used for this long is freed (its weights are the process's largest allocation);
 *  the next transcription loads it again, which takes a second or two. */
export const WHISPER_IDLE_UNLOAD_MS = 5 * 60_000;

interface LoadedModel {
  model: Promise<WhisperModel>;
  /** Transcriptions running on it now: it is freed only when none are. */
  users: number;
  idleTimer?: NodeJS.Timeout;
}

// One loaded model per file per process: loading takes a while and the weights are large.
const models = new Map<string, LoadedModel>();
let exitHookInstalled = false;

/** The model, loaded on first use and held until `release` is called; idle models are freed later. */
async function useModel(modelPath: string, idleUnloadMs: number): Promise<{ model: WhisperModel; release(): void }> {
  let loaded = models.get(modelPath);
  if (!loaded) {
    const model = import("smart-whisper").then(({ WhisperModel }) => WhisperModel.load(modelPath, false));
    const entry: LoadedModel = { model, users: 0 };
    loaded = entry;
    models.set(modelPath, entry);
    model.catch(() => models.get(modelPath) === entry && models.delete(modelPath));
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // Scripts and workers end cleanly; a server should call unloadWhisperModels() when it shuts down.
      process.once("beforeExit", () => void unloadWhisperModels());
    }
  }
  const entry = loaded;
  entry.users++;
  clearTimeout(entry.idleTimer);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    entry.users--;
    if (entry.users > 0 || models.get(modelPath) !== entry) return;
    entry.idleTimer = setTimeout(() => {
      if (entry.users > 0 || models.get(modelPath) !== entry) return;
      models.delete(modelPath);
      void freeModel(entry);
    }, idleUnloadMs);
    entry.idleTimer.unref(); // an idle model does not keep a script alive
  };
  try {
    return { model: await entry.model, release };
  } catch (error) {
    release();
    throw error;
  }
}

async function freeModel(entry: LoadedModel) {
  clearTimeout(entry.idleTimer);
  await (await entry.model.catch(() => null))?.free();
}

/** Frees every loaded whisper model (they reload on the next transcription). */
export async function unloadWhisperModels(): Promise<void> {
  const loaded = [...models.values()];
  models.clear();
  await Promise.all(loaded.map(freeModel));
}

/** How many models are loaded now (for tests and health output). */
export function loadedWhisperModelCount(): number {
  return models.size;
}

async function readFloatPcm(wavPath: string): Promise<{ pcm: Float32Array; durationSeconds: number }> {
  const info = await readSpeechWavInfo(wavPath);
  const pcm = new Float32Array(info.totalSamples);
  let offset = 0;
  for await (const block of readPcmBlocks(wavPath, info)) {
    pcm.set(toFloat32(block), offset);
    offset += block.length;
  }
  return { pcm: pcm.subarray(0, offset), durationSeconds: info.durationSeconds };
}

export interface WhisperEngineOptions {
  modelPath: string;
  /** Default: every core (os.availableParallelism()). */
  threads?: number;
  /** Free the model after this long without a transcription. Default: WHISPER_IDLE_UNLOAD_MS. */
  idleUnloadMs?: number;
}

/**
 * whisper.cpp in this process through smart-whisper. The model is loaded on first use and freed after
 * `idleUnloadMs` without a transcription. It reads the
 * whole WAV into memory (4 bytes a sample: 230 MB an hour), so give it chunks: `transcribeLong` does.
 * whisper.cpp cannot be interrupted: an abort rejects at once, but the running call finishes in the background.
 */
export function whisperEngine(options: WhisperEngineOptions): SpeechEngine {
  if (!fs.existsSync(options.modelPath)) {
    throw new EngineUnavailableError(
      `The whisper model ${options.modelPath} does not exist. Run \`npm run models:download\` to fetch one, or set WHISPER_MODEL_PATH.`,
    );
  }
  const info = readWhisperModelInfo(options.modelPath);
  const threads = options.threads ?? os.availableParallelism();
  return {
    name: "whisper",
    model: info.name,
    label: `Whisper ${info.name} (on this server)`,
    languages: info.multilingual ? "all" : ["en"],
    async transcribe(wavPath, transcribeOptions) {
      const requested = transcribeOptions.language ? languageCode(transcribeOptions.language) : null;
      if (requested && !info.multilingual && requested !== "en") {
        throw new UnsupportedLanguageError(
          `The Whisper model on this server (${info.name}) transcribes English only, so it cannot transcribe "${transcribeOptions.language}".`,
        );
      }
      transcribeOptions.signal?.throwIfAborted();
      const audio = await readFloatPcm(wavPath);
      const { model, release } = await useModel(options.modelPath, options.idleUnloadMs ?? WHISPER_IDLE_UNLOAD_MS);
      const started = (async () => {
        transcribeOptions.signal?.throwIfAborted();
        const { TranscribeTask } = await import("smart-whisper");
        return TranscribeTask.run(model, audio.pcm, {
          language: requested ?? (info.multilingual ? "auto" : "en"),
          n_threads: threads,
          format: "detail",
          token_timestamps: true,
          ...(transcribeOptions.prompt ? { initial_prompt: transcribeOptions.prompt } : {}),
          print_progress: false,
          print_realtime: false,
          print_timestamps: false,
        });
      })();
      // Released when whisper.cpp is done with the model: an abort rejects at once, but the run goes on.
      started
        .then((task) => task.result)
        .finally(release)
        .catch(() => {});
      const task = await started;
      if (transcribeOptions.onProgress && audio.durationSeconds > 0) {
        const report = transcribeOptions.onProgress;
        task.on("transcribed", (result) => report(Math.min(1, result.to / 1000 / audio.durationSeconds)));
      }
      const results = await new Promise<DetailedResult[]>((resolve, reject) => {
        const signal = transcribeOptions.signal;
        const onAbort = () => reject(signal?.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
        task.result.then(
          (value) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(value as DetailedResult[]);
          },
          (error: unknown) => {
            signal?.removeEventListener("abort", onAbort);
            reject(error);
          },
        );
      });
      transcribeOptions.onProgress?.(1);
      const detected = results.find((result) => result.lang)?.lang;
      return {
        language: requested ?? languageCode(detected) ?? (info.multilingual ? null : "en"),
        engine: "whisper",
        model: info.name,
        segments: whisperResultsToSegments(results, info.endOfText),
      };
    },
  };
}
