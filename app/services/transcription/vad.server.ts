import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PcmSpool } from "./pcm-spool.server";
import { sherpaOnnx, type SherpaVad } from "./sherpa.server";
import { pcmBlocks, readPcmBlocks, readSpeechWavInfo, SPEECH_SAMPLE_RATE, toFloat32, writeWav } from "./wav.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("media");

/**
 * The audio to transcribe: a 16 kHz mono 16-bit WAV file, or the same samples as raw little-endian bytes in a
 * stream (`decodeSpeechPcm`, so an upload need not be decoded to a WAV first).
 */
export type SpeechAudio = string | AsyncIterable<Uint8Array>;

/** A piece of the recording written to its own small WAV; `start`/`end` are seconds in the original. */
export interface SpeechChunk {
  start: number;
  end: number;
  path: string;
  /** Seconds at the chunk's start that the previous chunk also holds (0 when the previous one ended in a pause). */
  overlap: number;
}

export interface SpeechChunkOptions {
  /** Longest chunk, in seconds. Default 30 (whisper's window). */
  maxChunkSeconds?: number;
  /** Longest first chunk, so that the first text comes early (default: maxChunkSeconds). */
  firstChunkSeconds?: number;
  /**
   * A chunk that starts where the previous one ended (a cut inside speech, or in a pause too short to pad)
   * starts this many seconds earlier, so that a word cut at the boundary is heard whole in one of them; the
   * repeated words are removed afterwards (`joinOverlap`). Default 0.
   */
  overlapSeconds?: number;
  /** The Silero VAD model file (the configured one: `configuredTranscriber().vadModelPath`); without it, see below. */
  modelPath?: string;
  signal?: AbortSignal;
  /** Where the temporary folder for the chunks and the not yet chunked audio goes (default: the OS's). */
  tempDir?: string;
  /**
   * Told each stretch of speech the VAD heard, in seconds of the original and in order, as it is found: the review
   * queue flags text where it heard none (issue 34). Never called without the VAD model.
   */
  onSpeechRegion?: (start: number, end: number) => void;
}

const RATE = SPEECH_SAMPLE_RATE;
/** Energy is measured in 50 ms frames. */
const FRAME = RATE / 20;
/** Room left before and after speech in a chunk (at most half the pause), so no word is clipped at its edges. */
const PAD = Math.round(0.5 * RATE);
/** Silero's window at 16 kHz. */
const VAD_WINDOW = 512;
/** A 50 ms frame quieter than this (about −50 dBFS) is silence, for the fallback without a model. */
const SILENCE_RMS = 100;
/** Over-long stretches are cut in the last 40% of a chunk, so chunks stay reasonably long. */
const EARLIEST_CUT = 0.6;
/** Samples are read and given to the VAD in blocks of this size, whatever the source (its state depends on it). */
export const BLOCK = 64 * 1024;
/**
 * sherpa-onnx starts a speech region 2 windows + the minimum speech (2,624 samples) before the window where it
 * detects it: a region not yet begun starts at most this long (1 s, with room) before the audio given so far.
 */
const SPEECH_LOOKBACK = RATE;
/** A speech region still going on after this many chunks' length is ended where it is. */
const MAX_HELD_CHUNKS = 3;

let warnedNoModel = false;

interface Span {
  start: number;
  end: number;
}

/** The loudness (RMS) of each 50 ms frame so far: 20 numbers a second, about 1 MB for two hours. */
class EnergyEnvelope {
  private readonly frames: number[] = [];
  private sumSquares = 0;
  private count = 0;

  push(samples: Int16Array): void {
    for (let i = 0; i < samples.length; i++) {
      this.sumSquares += samples[i] * samples[i];
      if (++this.count === FRAME) {
        this.frames.push(Math.sqrt(this.sumSquares / FRAME));
        this.sumSquares = 0;
        this.count = 0;
      }
    }
  }

  finish(): void {
    if (this.count > 0) this.frames.push(Math.sqrt(this.sumSquares / this.count));
    this.sumSquares = 0;
    this.count = 0;
  }

  private range(from: number, to: number): [number, number] {
    return [Math.max(0, Math.ceil(from / FRAME)), Math.min(this.frames.length, Math.floor(to / FRAME))];
  }

  /** The middle of the quietest frame between two sample positions (`to` when there is none). */
  quietestPoint(from: number, to: number): number {
    const [first, last] = this.range(from, to);
    let best = -1;
    for (let frame = first; frame < last; frame++) if (best < 0 || this.frames[frame] < this.frames[best]) best = frame;
    return best < 0 ? Math.floor(to) : best * FRAME + FRAME / 2;
  }

  loudest(from: number, to: number): number {
    const [first, last] = this.range(from, to);
    let loudest = 0;
    for (let frame = first; frame < last; frame++) loudest = Math.max(loudest, this.frames[frame]);
    return loudest;
  }
}

/**
 * Groups speech regions (in order) into chunks of at most `maxSamples`: neighbouring regions share a chunk while
 * they fit, chunks end in the pauses between them, and a region longer than a chunk is cut at its quietest moments.
 */
class ChunkPlanner {
  private open: Span | null = null;
  private emittedEnd = 0;
  /** The first chunk's limit until one is closed, then the usual one. */
  private maxSamples: number;

  constructor(
    private readonly laterMaxSamples: number,
    private readonly energy: EnergyEnvelope,
    firstMaxSamples = laterMaxSamples,
  ) {
    this.maxSamples = firstMaxSamples;
  }

  addRegion(region: Span): Span[] {
    const out: Span[] = [];
    if (this.open && region.end + PAD - this.open.start <= this.maxSamples) {
      this.open.end = Math.max(this.open.end, region.end);
      return out;
    }
    if (this.open) {
      const gap = Math.max(0, region.start - this.open.end);
      out.push(this.close(this.open.end + Math.min(PAD, Math.floor(gap / 2))));
    }
    let start = Math.max(0, region.start - PAD, this.emittedEnd);
    while (region.end + PAD - start > this.maxSamples) {
      const cut = this.energy.quietestPoint(start + this.maxSamples * EARLIEST_CUT, start + this.maxSamples);
      out.push({ start, end: cut });
      this.emittedEnd = cut;
      this.maxSamples = this.laterMaxSamples;
      start = cut;
    }
    this.open = { start, end: region.end };
    return out;
  }

  finish(totalSamples: number): Span[] {
    return this.open ? [this.close(Math.min(this.open.end + PAD, totalSamples))] : [];
  }

  /**
   * Closes the open chunk as soon as it is settled: no later region (all start at `earliestStart` or after) can
   * join it, and the pause after it is long enough for its full end padding. The chunk is the one `addRegion`
   * would close later; closing it now means its audio need not be kept while a long pause goes by.
   */
  settle(earliestStart: number): Span[] {
    if (!this.open) return [];
    const noneCanJoin = earliestStart + PAD - this.open.start > this.maxSamples;
    const fullPadding = Math.floor((earliestStart - this.open.end) / 2) >= PAD;
    return noneCanJoin && fullPadding ? [this.close(this.open.end + PAD)] : [];
  }

  /** The start of the chunk being gathered, if any: its audio is still needed. */
  get openStart(): number | null {
    return this.open?.start ?? null;
  }

  private close(end: number): Span {
    const span = { start: this.open!.start, end };
    this.emittedEnd = end;
    this.maxSamples = this.laterMaxSamples;
    this.open = null;
    return span;
  }
}

function createVad(modelPath: string, maxChunkSeconds: number): SherpaVad {
  const { Vad } = sherpaOnnx();
  return new Vad(
    {
      sileroVad: {
        model: modelPath,
        // Lower than Silero's usual 0.5: a chunk with a little non-speech costs little, a missed quiet phrase is
        // lost text (at 0.5, jfk.wav's "ask not" is missed).
        threshold: 0.3,
        minSilenceDuration: 0.25,
        minSpeechDuration: 0.1,
        windowSize: VAD_WINDOW,
        // Not a hard limit in sherpa-onnx; the planner cuts longer regions itself.
        maxSpeechDuration: maxChunkSeconds,
      },
      sampleRate: RATE,
      numThreads: 1,
      debug: false,
    },
    Math.max(60, maxChunkSeconds * 4),
  );
}

/** The audio's samples in blocks of BLOCK, from a WAV file or a stream of raw bytes. */
async function* speechBlocks(audio: SpeechAudio): AsyncGenerator<Int16Array> {
  if (typeof audio === "string") yield* readPcmBlocks(audio, await readSpeechWavInfo(audio), BLOCK);
  else yield* pcmBlocks(audio, BLOCK);
}

/**
 * Splits 16 kHz mono audio into chunks of speech of at most `maxChunkSeconds`, cut in pauses, each written to a
 * small temporary WAV and yielded with its place in the original. The audio is read once, as a stream (memory
 * does not grow with its length): the Silero VAD finds speech regions as it goes, and each chunk's audio is read
 * back when the chunk is complete from a spool of small files (`PcmSpool`), which keeps only the audio that a
 * chunk may still need: the chunk being gathered and the speech not yet ended. So the temporary disk holds about
 * two chunks' length of audio (and 15 s more) at most, however long the recording. A chunk's file is deleted
 * when the consumer asks for the next one, and the temporary folder when the loop ends (also on break or error).
 * While the consumer works on a chunk, the source is not read (a decoding ffmpeg waits).
 *
 * Without the VAD model file the audio is cut into windows of at most `maxChunkSeconds`, each ending at the
 * quietest 50 ms (lowest RMS energy) in its last 40%, and windows with no sound at all are skipped. That keeps
 * long files working where the model was not downloaded, at the cost of sending pauses to the engine.
 */
export async function* speechChunks(audio: SpeechAudio, options: SpeechChunkOptions = {}): AsyncGenerator<SpeechChunk> {
  const maxChunkSeconds = options.maxChunkSeconds ?? 30;
  if (!(maxChunkSeconds >= 2)) throw new Error("maxChunkSeconds must be at least 2.");
  const maxSamples = Math.floor(maxChunkSeconds * RATE);
  const firstMaxSamples = Math.floor(
    Math.min(maxChunkSeconds, Math.max(2, options.firstChunkSeconds ?? maxChunkSeconds)) * RATE,
  );
  const overlapSamples = Math.floor(Math.max(0, options.overlapSeconds ?? 0) * RATE);
  const { modelPath } = options;
  if (typeof audio === "string") await readSpeechWavInfo(audio); // a wrong file fails before anything starts
  const vad = modelPath && fs.existsSync(modelPath) ? createVad(modelPath, maxChunkSeconds) : null;
  if (!vad && !warnedNoModel) {
    warnedNoModel = true;
    log.warn(
      `No VAD model at ${modelPath ?? "(none given)"}: long audio is split at its quietest moments instead (npm run models:download fetches the model).`,
    );
  }

  const energy = new EnergyEnvelope();
  const planner = new ChunkPlanner(maxSamples, energy, firstMaxSamples);
  const dir = await fs.promises.mkdtemp(path.join(options.tempDir ?? os.tmpdir(), "voxlate-chunks-"));
  const spool = new PcmSpool(dir);
  let written = 0;
  // Where the last chunk ended: a chunk starting there overlaps it.
  let lastEnd = -1;

  async function* emit(spans: Span[]): AsyncGenerator<SpeechChunk> {
    for (const span of spans) {
      const end = Math.min(span.end, spool.length);
      if (end - span.start < RATE / 20) continue; // under 50 ms: nothing to transcribe
      const start = span.start === lastEnd ? Math.max(0, span.start - overlapSamples) : span.start;
      lastEnd = end;
      const file = path.join(dir, `chunk-${String(++written).padStart(6, "0")}.wav`);
      await writeWav(file, await spool.read(start, end));
      try {
        yield { start: start / RATE, end: end / RATE, path: file, overlap: (span.start - start) / RATE };
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    }
  }

  // Fallback state: the start of the current fixed window.
  let windowStart = 0;
  const fixedWindows = (position: number, final: boolean): Span[] => {
    const spans: Span[] = [];
    for (
      let limit = windowStart === 0 ? firstMaxSamples : maxSamples;
      position - windowStart >= limit;
      limit = maxSamples
    ) {
      const cut = energy.quietestPoint(windowStart + limit * EARLIEST_CUT, windowStart + limit);
      spans.push({ start: windowStart, end: cut });
      windowStart = cut;
    }
    if (final && position > windowStart) spans.push({ start: windowStart, end: position });
    return spans.filter((span) => energy.loudest(span.start, span.end) >= SILENCE_RMS);
  };

  // Samples given to the VAD, and how many of them came before its last reset (its positions restart there).
  let fed = 0;
  let vadOrigin = 0;
  // Samples given to the VAD when it last had no speech under way: a region not yet ended began after that.
  let quietAt = 0;
  const feed = (window: Float32Array) => {
    vad!.acceptWaveform(window);
    fed += window.length;
  };
  const drainVad = (position: number): Span[] => {
    const spans: Span[] = [];
    if (!vad) return spans;
    let found = false;
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      const start = vadOrigin + segment.start;
      vad.pop();
      const region = { start, end: Math.min(start + segment.samples.length, position) };
      options.onSpeechRegion?.(region.start / RATE, region.end / RATE);
      spans.push(...planner.addRegion(region));
      found = true;
    }
    // Silero's recurrent state drifts over a long stream: after 20 minutes of speech and pauses it missed 28% of
    // the speech in our test, against under 1% when the state is reset after each region (as between utterances).
    if (found && !vad.isDetected()) {
      vad.reset();
      vadOrigin = fed;
    }
    if (!vad.isDetected()) quietAt = fed;
    return spans;
  };

  try {
    let position = 0;
    let pending = new Float32Array(0);
    for await (const block of speechBlocks(audio)) {
      options.signal?.throwIfAborted();
      await spool.append(block);
      energy.push(block);
      position += block.length;
      if (vad) {
        const floats = toFloat32(block);
        const all = new Float32Array(pending.length + floats.length);
        all.set(pending);
        all.set(floats, pending.length);
        let offset = 0;
        for (; offset + VAD_WINDOW <= all.length; offset += VAD_WINDOW) feed(all.subarray(offset, offset + VAD_WINDOW));
        pending = all.slice(offset);
        yield* emit(drainVad(position));
        // Speech that never pauses (hours of music taken for speech) would be held whole, on disk and in the
        // VAD: it is ended here. sherpa-onnx already ends regions more eagerly past maxChunkSeconds, so real
        // speech does not get this far.
        if (vad.isDetected() && fed - quietAt > MAX_HELD_CHUNKS * maxSamples) {
          vad.flush();
          yield* emit(drainVad(position));
        }
        // Everything before the chunk being gathered and the earliest start of a region to come is done with.
        const earliestRegion = quietAt - SPEECH_LOOKBACK;
        yield* emit(planner.settle(earliestRegion));
        await spool.release(Math.min(planner.openStart ?? position, earliestRegion - PAD) - overlapSamples);
      } else {
        yield* emit(fixedWindows(position, false));
        await spool.release(windowStart - overlapSamples);
      }
    }
    energy.finish();
    if (vad) {
      if (pending.length > 0) {
        const last = new Float32Array(VAD_WINDOW);
        last.set(pending);
        feed(last);
      }
      vad.flush();
      yield* emit(drainVad(position));
      yield* emit(planner.finish(position));
    } else {
      yield* emit(fixedWindows(position, true));
    }
  } finally {
    await spool.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
