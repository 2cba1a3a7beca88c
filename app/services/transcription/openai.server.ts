import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { SpeechEngine, TranscriptSegment } from "./engine";
import { languageCode } from "./languages";
import { assignWords, numberSpeakers, roundTime } from "./segments";
import { TranscriptionError } from "./errors";
import { readSpeechWavInfo } from "./wav.server";

/**
 * OpenAI's verbose_json transcription object
 * (https://platform.openai.com/docs/api-reference/audio/verbose-json-object). Servers that copy the API
 * (Groq, speaches, LocalAI, whisper.cpp's server) send the same shape, some with fewer fields, so only what
 * we use is required. `speaker` is not OpenAI's but some compatible servers add it.
 */
const VerboseTranscriptionSchema = z.object({
  text: z.string().default(""),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        avg_logprob: z.number().nullish(),
        speaker: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .nullish(),
  words: z
    .array(z.object({ word: z.string(), start: z.number(), end: z.number(), probability: z.number().nullish() }))
    .nullish(),
});

/** The transcription API answered with an error. */
export class TranscriptionApiError extends TranscriptionError {
  declare readonly status: number;
  constructor(status: number, body: string) {
    super(`The transcription API answered ${status}: ${body.replace(/\s+/g, " ").trim().slice(0, 300)}`, status);
    this.name = "TranscriptionApiError";
  }
}

export interface OpenAiEngineOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  /** e.g. whisper-1 */
  model: string;
  /** Per request; default 10 minutes. */
  timeoutMs?: number;
}

/** Maps a verbose_json answer to our segments. Exported for tests and for servers with odd answers. */
export function parseVerboseTranscription(
  json: unknown,
  fallbackDuration: number,
): { language: string | null; segments: TranscriptSegment[] } {
  const answer = VerboseTranscriptionSchema.parse(json);
  const words = (answer.words ?? [])
    .map((word) => ({
      word: word.word.trim(),
      start: roundTime(word.start),
      end: roundTime(word.end),
      confidence: word.probability ?? null,
    }))
    .filter((word) => word.word.length > 0);
  let segments: TranscriptSegment[];
  if (answer.segments && answer.segments.length > 0) {
    segments = assignWords(
      answer.segments
        .map((segment) => ({
          start: roundTime(segment.start),
          end: roundTime(segment.end),
          text: segment.text.trim(),
          // avg_logprob is the mean log-probability of the segment's tokens: exp gives a 0–1 figure.
          confidence:
            segment.avg_logprob === null || segment.avg_logprob === undefined
              ? null
              : roundTime(Math.min(1, Math.exp(segment.avg_logprob))),
          speaker: segment.speaker === null || segment.speaker === undefined ? null : String(segment.speaker),
        }))
        .filter((segment) => segment.text.length > 0),
      words,
    );
  } else if (answer.text.trim()) {
    // A server that ignored verbose_json (plain `json`): one segment for the whole file.
    segments = [
      {
        start: 0,
        end: roundTime(answer.duration ?? fallbackDuration),
        text: answer.text.trim(),
        confidence: null,
        speaker: null,
        words,
      },
    ];
  } else {
    segments = [];
  }
  return { language: languageCode(answer.language), segments: numberSpeakers(segments) };
}

/** Any OpenAI-compatible `/audio/transcriptions` endpoint, with segment and word times. */
export function openAiEngine(options: OpenAiEngineOptions): SpeechEngine {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;
  return {
    name: "openai",
    model: options.model,
    label: `${options.model} (OpenAI-compatible API)`,
    languages: "all",
    async transcribe(wavPath, transcribeOptions) {
      const info = await readSpeechWavInfo(wavPath);
      const form = new FormData();
      // openAsBlob reads the file as the request is sent; it is not loaded into memory first.
      form.append("file", await fs.openAsBlob(wavPath, { type: "audio/wav" }), path.basename(wavPath));
      form.append("model", options.model);
      form.append("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "segment");
      form.append("timestamp_granularities[]", "word");
      if (transcribeOptions.language) form.append("language", transcribeOptions.language);
      if (transcribeOptions.prompt) form.append("prompt", transcribeOptions.prompt);

      const timeout = AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
        body: form,
        signal: transcribeOptions.signal ? AbortSignal.any([transcribeOptions.signal, timeout]) : timeout,
      });
      if (!response.ok) throw new TranscriptionApiError(response.status, await response.text());
      const parsed = parseVerboseTranscription(await response.json(), info.durationSeconds);
      transcribeOptions.onProgress?.(1);
      return {
        language: parsed.language ?? transcribeOptions.language ?? null,
        engine: "openai",
        model: options.model,
        segments: parsed.segments,
      };
    },
  };
}
