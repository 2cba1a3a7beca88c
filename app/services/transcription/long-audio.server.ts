// Transcribing audio of any length: short audio in one engine call, long audio chunk by chunk at the pauses the
// VAD finds (vad.server.ts), with times, progress, language and speaker labels carried across the chunks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { speakerVoiceStats, type SpeakerVoiceStats } from "./speaker-voices.server";
import { labelSpeakersByTurns, labelSpeakersByVoice, spanVoiceStats, type VoiceStats } from "./diarization.server";
import { SpeechForDiarization, type NeuralDiarizer } from "./diarization-neural.server";
import type { SpeechEngine, TranscribeOptions, TranscriptionResult, TranscriptSegment } from "./engine";
import { joinOverlap, offsetSegments } from "./segments";
import { BLOCK, speechChunks, type SpeechAudio } from "./vad.server";
import { pcmBlocks, writeWavBlocks } from "./wav.server";

export interface LongAudioSettings {
  /** Default: 30 s for whisper (its window), 120 s for pocketsphinx (fewer model loads), 600 s for an API (fewer requests, under OpenAI's 25 MB). */
  maxChunkSeconds?: number;
  /** The Silero VAD model (`configuredTranscriber().vadModelPath`); without one, chunks end at the quietest moments. */
  vadModelPath?: string;
  /** Where temporary files go (the job's folder; default: the OS's temporary folder). */
  tempDir?: string;
  /** Labels speakers with this neural diarizer (`configuredNeuralDiarizer()`) instead of the acoustic method. */
  diarizer?: NeuralDiarizer | null;
  /** The first chunk's longest length, so that the first text comes early. Default: FIRST_CHUNK_SECONDS. */
  firstChunkSeconds?: number;
  /**
   * Called, in order, with segments that are settled: a chunk's segments, once the next chunk can no longer
   * overlap them (times in the original, before speaker labels). The job saves them so the page fills in.
   */
  onSegments?: (segments: TranscriptSegment[]) => Promise<void> | void;
}

/** Seconds a chunk cut inside speech repeats of the previous one: a word cut at the boundary is heard whole. */
export const CHUNK_OVERLAP_SECONDS = 1;
/** The first chunk is short (pocketsphinx does 20 s in about 5 s here), so the first text shows within seconds. */
export const FIRST_CHUNK_SECONDS = 20;

export function defaultChunkSeconds(engine: SpeechEngine): number {
  return engine.name === "openai" ? 600 : engine.name === "pocketsphinx" ? 120 : 30;
}

/** Runs `use` with the audio as a WAV file: the file itself, or the stream written to a temporary one. */
async function withWavFile<T>(
  audio: SpeechAudio,
  tempDir: string | undefined,
  use: (wavPath: string) => Promise<T>,
): Promise<T> {
  if (typeof audio === "string") return use(audio);
  const dir = await fs.promises.mkdtemp(path.join(tempDir ?? os.tmpdir(), "voxlate-audio-"));
  try {
    const wavPath = path.join(dir, "audio.wav");
    await writeWavBlocks(wavPath, pcmBlocks(audio, BLOCK));
    return await use(wavPath);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

const unlabelled = (segments: TranscriptSegment[]) => segments.every((segment) => segment.speaker === null);

/** A second of speech the VAD heard, from start to end in seconds of the original. */
export type SpeechRegion = [start: number, end: number];

/**
 * A transcript with the voices of its labelled speakers (none when speakers were not labelled here), and where the
 * VAD heard speech (null without the VAD model: then nothing is known about silences).
 */
export type LongTranscriptionResult = TranscriptionResult & {
  speakerVoices: SpeakerVoiceStats[];
  speechRegions: SpeechRegion[] | null;
};

/**
 * Transcribes 16 kHz mono audio of any length (a WAV file, or a stream from `decodeSpeechPcm`): short audio in
 * one call (a stream is first written to a WAV, at most one chunk long), long audio chunk by chunk at pauses
 * (`speechChunks`), with times moved back to the original's. Reports the share of audio done (never going
 * back), stops between chunks when the signal aborts, keeps the language found in the first chunk for the rest
 * when none was chosen, and labels speakers acoustically when asked and the engine gave none: each segment's
 * voice is measured from its chunk while the chunk is at hand, so the whole recording is never needed again.
 */
export async function transcribeLong(
  engine: SpeechEngine,
  audio: SpeechAudio,
  durationSeconds: number,
  options: TranscribeOptions,
  settings: LongAudioSettings = {},
): Promise<LongTranscriptionResult> {
  const maxChunkSeconds = settings.maxChunkSeconds ?? defaultChunkSeconds(engine);
  let reported = 0;
  const report = (fraction: number) => {
    const value = Math.min(1, fraction);
    if (value > reported) {
      reported = value;
      options.onProgress?.(value);
    }
  };
  options.signal?.throwIfAborted();

  // The voice of each segment, in order, while no segment has a speaker from the engine.
  const voices: VoiceStats[] = [];
  const speech = new SpeechForDiarization();
  const neural = options.speakerLabels && settings.diarizer ? settings.diarizer : null;
  const { vadModelPath: modelPath, tempDir } = settings;
  const hearsSpeech = Boolean(modelPath && fs.existsSync(modelPath));
  const speechRegions: SpeechRegion[] = [];
  const onSpeechRegion = (start: number, end: number) =>
    speechRegions.push([Math.round(start * 1000) / 1000, Math.round(end * 1000) / 1000]);
  let result: TranscriptionResult;
  if (durationSeconds <= maxChunkSeconds) {
    result = await withWavFile(audio, settings.tempDir, async (wavPath) => {
      const whole = await engine.transcribe(wavPath, { ...options, onProgress: report });
      // Short audio goes to the engine whole; the VAD still listens to it once, for the review queue's silences.
      if (hearsSpeech)
        for await (const _chunk of speechChunks(wavPath, { maxChunkSeconds, modelPath, tempDir, onSpeechRegion }))
          continue;
      if (options.speakerLabels && unlabelled(whole.segments)) {
        voices.push(...(await spanVoiceStats(wavPath, whole.segments)));
        if (neural) await speech.add(wavPath, 0);
      }
      return whole;
    });
    await settings.onSegments?.(result.segments);
  } else {
    let language = options.language ?? null;
    const segments: TranscriptSegment[] = [];
    // The last chunk's segments that the next chunk may overlap, with their voices (null: not measured).
    let held: { segment: TranscriptSegment; voice: VoiceStats | null }[] = [];
    const settle = async (settled: typeof held) => {
      segments.push(...settled.map((entry) => entry.segment));
      for (const entry of settled) if (entry.voice) voices.push(entry.voice);
      if (settled.length) await settings.onSegments?.(settled.map((entry) => entry.segment));
    };
    const chunks = speechChunks(audio, {
      maxChunkSeconds,
      firstChunkSeconds: settings.firstChunkSeconds ?? FIRST_CHUNK_SECONDS,
      overlapSeconds: CHUNK_OVERLAP_SECONDS,
      modelPath,
      signal: options.signal,
      tempDir,
      onSpeechRegion,
    });
    for await (const chunk of chunks) {
      options.signal?.throwIfAborted();
      const length = chunk.end - chunk.start;
      const part = await engine.transcribe(chunk.path, {
        ...options,
        language: language ?? undefined,
        onProgress: (fraction) => report((chunk.start + fraction * length) / durationSeconds),
      });
      language ??= part.language;
      const placed = offsetSegments(part.segments, chunk.start);
      // Measured now, while the chunk's audio is at hand (times are the original's; the file starts at chunk.start).
      const measured =
        options.speakerLabels && unlabelled(part.segments) ? await spanVoiceStats(chunk.path, placed, chunk.start) : [];
      // The neural diarizer hears each chunk once; an overlap's second of audio is heard twice, which only
      // repeats a little speech of the same speaker.
      if (neural && measured.length) await speech.add(chunk.path, chunk.start);
      let incoming = placed.map((segment, index) => ({ segment, voice: measured[index] ?? null }));
      if (chunk.overlap > 0 && held.length > 0) {
        const joined = joinOverlap(
          held.map((entry) => entry.segment),
          placed,
          chunk.start,
          chunk.start + chunk.overlap,
        );
        held = held.flatMap((entry, index) =>
          joined.earlier[index] ? [{ ...entry, segment: joined.earlier[index] }] : [],
        );
        incoming = incoming.flatMap((entry, index) =>
          joined.later[index] ? [{ ...entry, segment: joined.later[index] }] : [],
        );
      }
      // What ends before the next chunk could start is settled; the rest waits for it.
      const all = [...held, ...incoming];
      const open = all.findIndex((entry) => entry.segment.end > chunk.end - CHUNK_OVERLAP_SECONDS);
      await settle(open === -1 ? all : all.slice(0, open));
      held = open === -1 ? [] : all.slice(open);
      report(chunk.end / durationSeconds);
    }
    await settle(held);
    result = { language, engine: engine.name, model: engine.model, segments };
  }
  options.signal?.throwIfAborted();
  if (options.speakerLabels && result.segments.length > 0 && unlabelled(result.segments)) {
    const speakers = options.speakers ?? "auto";
    const turns = neural ? speech.turns(neural, speakers) : null;
    const segments = turns
      ? labelSpeakersByTurns(result.segments, turns)
      : labelSpeakersByVoice(result.segments, voices, { speakers });
    result = { ...result, segments };
  }
  report(1);
  // Each labelled speaker's voice, measured from the same frames, so that it can be named in other recordings.
  return {
    ...result,
    speakerVoices: voices.length ? speakerVoiceStats(result.segments, voices) : [],
    speechRegions: hearsSpeech ? speechRegions : null,
  };
}
