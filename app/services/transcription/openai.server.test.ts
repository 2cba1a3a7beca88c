import { describe, expect, test } from "vitest";
import { transcriptionErrorHandler, transcriptionHandler } from "../../../tests/mocks/openai-transcription";
import { mockServer } from "../../../tests/mocks/server";
import { applyGlossary, glossaryPrompt } from "./glossary";
import { openAiEngine, parseVerboseTranscription, TranscriptionApiError } from "./openai.server";
import { sharedFile } from "../../../tests/shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");
const BASE_URL = "https://api.openai.com/v1";
const engine = openAiEngine({ baseUrl: BASE_URL, apiKey: "sk-test", model: "whisper-1" });

const JFK_ANSWER = {
  language: "english",
  duration: 11,
  segments: [
    { start: 0, end: 4.4, text: "And so my fellow Americans, ask not", avgLogprob: -0.2 },
    {
      start: 4.4,
      end: 10.6,
      text: "what your country can do for you, ask what you can do for your country.",
      avgLogprob: -0.1,
    },
  ],
};

describe("OpenAI-compatible engine", () => {
  test("posts the WAV with model, verbose_json and both timestamp granularities, and maps segments and words", async () => {
    const { handler, received } = transcriptionHandler(() => JFK_ANSWER, { apiKey: "sk-test" });
    mockServer.use(handler);
    const progress: number[] = [];
    const result = await engine.transcribe(JFK, {
      speakerLabels: false,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(received).toEqual([
      {
        model: "whisper-1",
        responseFormat: "verbose_json",
        timestampGranularities: ["segment", "word"],
        language: null,
        prompt: null,
        fileName: "jfk.wav",
        fileType: "audio/wav",
        fileBytes: 352_078,
      },
    ]);
    expect(result).toMatchObject({ language: "en", engine: "openai", model: "whisper-1" });
    expect(result.segments).toHaveLength(2);
    expect(result.segments[0]).toMatchObject({
      start: 0,
      end: 4.4,
      text: "And so my fellow Americans, ask not",
      speaker: null,
    });
    expect(result.segments[0].confidence).toBeCloseTo(Math.exp(-0.2), 3);
    expect(result.segments[1].confidence).toBeCloseTo(Math.exp(-0.1), 3);
    expect(result.segments[0].words.map((word) => word.word)).toEqual([
      "And",
      "so",
      "my",
      "fellow",
      "Americans",
      "ask",
      "not",
    ]);
    expect(result.segments[1].words.map((word) => word.word)).toContain("country");
    for (const segment of result.segments) {
      for (const word of segment.words) {
        expect(word.start).toBeGreaterThanOrEqual(segment.start);
        expect(word.end).toBeLessThanOrEqual(segment.end);
        expect(word.confidence).toBeNull();
      }
    }
    expect(progress).toEqual([1]);
  });

  test("sends the language when one is chosen and keeps the speakers a server returns, renamed in order", async () => {
    const { handler, received } = transcriptionHandler(
      () => ({
        language: "german",
        segments: [
          { start: 0, end: 2, text: "Guten Morgen.", speaker: "B" },
          { start: 2, end: 4, text: "Hallo.", speaker: "A" },
          { start: 4, end: 6, text: "Wie geht's?", speaker: "B" },
        ],
      }),
      { apiKey: "sk-test" },
    );
    mockServer.use(handler);
    const result = await engine.transcribe(JFK, { speakerLabels: true, language: "de" });
    expect(received[0].language).toBe("de");
    expect(result.language).toBe("de");
    expect(result.segments.map((segment) => segment.speaker)).toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
  });

  test("a wrong key is an error with the status and the server's message", async () => {
    const { handler } = transcriptionHandler(() => JFK_ANSWER, { apiKey: "sk-other" });
    mockServer.use(handler);
    const error = await engine.transcribe(JFK, { speakerLabels: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscriptionApiError);
    expect((error as TranscriptionApiError).status).toBe(401);
    expect((error as Error).message).toMatch(/^The transcription API answered 401: .*Incorrect API key provided/);
  });

  test.each([
    [429, "Rate limit reached for whisper-1"],
    [500, "The server had an error while processing your request."],
  ])("an error answer (%i) is thrown with its body", async (status, message) => {
    mockServer.use(transcriptionErrorHandler(status, message));
    await expect(engine.transcribe(JFK, { speakerLabels: false })).rejects.toThrow(
      `The transcription API answered ${status}: `,
    );
    await expect(engine.transcribe(JFK, { speakerLabels: false })).rejects.toThrow(message);
  });

  test("an abort stops the request", async () => {
    const { handler } = transcriptionHandler(() => JFK_ANSWER, { apiKey: "sk-test" });
    mockServer.use(handler);
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await expect(engine.transcribe(JFK, { speakerLabels: false, signal: controller.signal })).rejects.toThrow(
      "cancelled",
    );
  });

  test("the glossary goes as `prompt`; the term comes back spelled right, and the post-pass spells it without one", async () => {
    // Like the real model, the scripted one spells a name the way the prompt does, and guesses without it.
    const { handler, received } = transcriptionHandler(
      (request) => ({
        segments: [
          {
            start: 0,
            end: 3,
            text: request.prompt?.includes("Voxlate")
              ? "Welcome to Voxlate, everyone."
              : "Welcome to vox late, everyone.",
          },
        ],
      }),
      { apiKey: "sk-test" },
    );
    mockServer.use(handler);
    const glossary = ["Voxlate", "Kubernetes"];
    const primed = await engine.transcribe(JFK, { speakerLabels: false, prompt: glossaryPrompt(glossary) });
    expect(received[0].prompt).toBe("Glossary: Voxlate, Kubernetes.");
    expect(primed.segments[0].text).toBe("Welcome to Voxlate, everyone.");
    expect(primed.segments[0].words.map((word) => word.word)).toContain("Voxlate");

    const unprimed = await engine.transcribe(JFK, { speakerLabels: false });
    expect(received[1].prompt).toBeNull();
    expect(unprimed.segments[0].text).toBe("Welcome to vox late, everyone.");
    const [fixed] = applyGlossary(unprimed.segments, glossary);
    expect(fixed.text).toBe("Welcome to Voxlate, everyone.");
    expect(fixed.words.map((word) => word.word)).toEqual(["Welcome", "to", "Voxlate", "everyone"]);
  });

  test("a compatible server at another base URL, without a key", async () => {
    const { handler, received } = transcriptionHandler(() => JFK_ANSWER, {
      baseUrl: "https://speaches.example.com/v1",
    });
    mockServer.use(handler);
    const local = openAiEngine({ baseUrl: "https://speaches.example.com/v1/", model: "Systran/faster-whisper-small" });
    expect(local.label).toBe("Systran/faster-whisper-small (OpenAI-compatible API)");
    const result = await local.transcribe(JFK, { speakerLabels: false });
    expect(received[0].model).toBe("Systran/faster-whisper-small");
    expect(result.model).toBe("Systran/faster-whisper-small");
  });
});

describe("parseVerboseTranscription", () => {
  test("a plain json answer (no segments) becomes one segment over the whole file", () => {
    expect(parseVerboseTranscription({ text: " Hello world. " }, 1.3)).toEqual({
      language: null,
      segments: [{ start: 0, end: 1.3, text: "Hello world.", confidence: null, speaker: null, words: [] }],
    });
  });

  test("words between segments go to the nearest; empty segments are dropped; language codes pass through", () => {
    const parsed = parseVerboseTranscription(
      {
        language: "en",
        segments: [
          { start: 0, end: 1, text: " Hello" },
          { start: 1, end: 1.5, text: " " },
          { start: 2, end: 3, text: " world", avg_logprob: 0 },
        ],
        words: [
          { word: " world", start: 2.1, end: 2.9, probability: 0.9 },
          { word: "Hello", start: 0.1, end: 1.2 },
        ],
      },
      3,
    );
    expect(parsed.language).toBe("en");
    expect(
      parsed.segments.map((segment) => [segment.text, segment.confidence, segment.words.map((word) => word.word)]),
    ).toEqual([
      ["Hello", null, ["Hello"]],
      ["world", 1, ["world"]],
    ]);
    expect(parsed.segments[1].words[0].confidence).toBe(0.9);
  });
});
