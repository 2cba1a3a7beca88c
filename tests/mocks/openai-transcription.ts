import { http, HttpResponse } from "msw";
import { OPENAI_TEST_BASE_URL } from "./openai";

/** What the handler received, for assertions. */
export interface TranscriptionRequest {
  model: string;
  responseFormat: string;
  timestampGranularities: string[];
  language: string | null;
  /** The `prompt` field: text whose style and spellings the model should follow. */
  prompt: string | null;
  fileName: string;
  fileType: string;
  fileBytes: number;
}

/** The answer a test scripts: segments with text; words default to the segment's text spread over its time. */
export interface ScriptedTranscription {
  /** Whisper's language name as the API writes it, e.g. "english". */
  language?: string;
  duration?: number;
  segments: { start: number; end: number; text: string; avgLogprob?: number; speaker?: string }[];
  words?: { word: string; start: number; end: number }[];
}

function openAiError(status: number, message: string, param: string | null = null, code: string | null = null) {
  return HttpResponse.json({ error: { message, type: "invalid_request_error", param, code } }, { status });
}

/** Splits each segment's text into words spread evenly over its time, as whisper's word timestamps roughly are. */
function spreadWords(segments: ScriptedTranscription["segments"]) {
  return segments.flatMap((segment) => {
    const words = segment.text.trim().split(/\s+/).filter(Boolean);
    const step = (segment.end - segment.start) / Math.max(1, words.length);
    return words.map((word, index) => ({
      word: word.replace(/[.,!?;:]+$/, ""),
      start: segment.start + index * step,
      end: segment.start + (index + 1) * step,
    }));
  });
}

/**
 * POST /v1/audio/transcriptions with OpenAI's documented shapes
 * (https://platform.openai.com/docs/api-reference/audio/createTranscription): a Bearer key, a multipart body
 * with `file` and `model`, and with `response_format=verbose_json` the verbose transcription object
 * (https://platform.openai.com/docs/api-reference/audio/verbose-json-object): task, language, duration, text,
 * `segments` (id, seek, start, end, text, tokens, temperature, avg_logprob, compression_ratio, no_speech_prob)
 * and, when `timestamp_granularities[]` includes "word", `words` (word, start, end). Like the real API, word
 * timestamps without verbose_json are a 400.
 */
export function transcriptionHandler(
  answer: (request: TranscriptionRequest) => ScriptedTranscription,
  options: { apiKey?: string; baseUrl?: string } = {},
) {
  const received: TranscriptionRequest[] = [];
  const handler = http.post(`${options.baseUrl ?? OPENAI_TEST_BASE_URL}/audio/transcriptions`, async ({ request }) => {
    if (options.apiKey && request.headers.get("Authorization") !== `Bearer ${options.apiKey}`) {
      return openAiError(401, "Incorrect API key provided.", null, "invalid_api_key");
    }
    if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
      return openAiError(400, "Could not parse multipart form");
    }
    const form = await request.formData();
    const file = form.get("file");
    if (!(file instanceof File)) return openAiError(400, "you must provide a file", "file");
    const model = form.get("model");
    if (typeof model !== "string" || !model) return openAiError(400, "you must provide a model parameter", "model");
    const responseFormat = String(form.get("response_format") ?? "json");
    const timestampGranularities = form.getAll("timestamp_granularities[]").map(String);
    if (timestampGranularities.length > 0 && responseFormat !== "verbose_json") {
      return openAiError(
        400,
        "timestamp_granularities requires response_format=verbose_json",
        "timestamp_granularities",
      );
    }
    const language = form.get("language");
    const prompt = form.get("prompt");
    const entry = {
      model,
      responseFormat,
      timestampGranularities,
      language: typeof language === "string" ? language : null,
      prompt: typeof prompt === "string" ? prompt : null,
      fileName: file.name,
      fileType: file.type,
      fileBytes: file.size,
    };
    received.push(entry);
    const scripted = answer(entry);
    const text = scripted.segments.map((segment) => segment.text.trim()).join(" ");
    if (responseFormat !== "verbose_json") return HttpResponse.json({ text, usage: { type: "duration", seconds: 1 } });
    const duration = scripted.duration ?? scripted.segments.at(-1)?.end ?? 0;
    return HttpResponse.json({
      task: "transcribe",
      language: scripted.language ?? "english",
      duration,
      text,
      ...(timestampGranularities.includes("word") ? { words: scripted.words ?? spreadWords(scripted.segments) } : {}),
      segments: scripted.segments.map((segment, index) => ({
        id: index,
        seek: Math.floor(segment.start * 100),
        start: segment.start,
        end: segment.end,
        text: ` ${segment.text.trim()}`,
        tokens: [50364, 400, 370, 50414],
        temperature: 0,
        avg_logprob: segment.avgLogprob ?? -0.25,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
        ...(segment.speaker ? { speaker: segment.speaker } : {}),
      })),
      usage: { type: "duration", seconds: Math.ceil(duration) },
    });
  });
  return { handler, received };
}

/** The endpoint answering with an error in OpenAI's error shape (e.g. 429 rate limit, 500). */
export function transcriptionErrorHandler(status: number, message: string, options: { baseUrl?: string } = {}) {
  return http.post(`${options.baseUrl ?? OPENAI_TEST_BASE_URL}/audio/transcriptions`, () =>
    HttpResponse.json(
      { error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null } },
      { status },
    ),
  );
}
