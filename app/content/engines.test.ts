import { describe, expect, test } from "vitest";
import { machineTranscriptLine } from "./engines";

describe("machineTranscriptLine: the engine as a fact for a client's document", () => {
  test("names the engine and model, and the fallback as such, without advice", () => {
    expect(machineTranscriptLine("whisper", "base")).toBe("Machine transcript: whisper.cpp base");
    expect(machineTranscriptLine("pocketsphinx", null)).toBe("Machine transcript: pocketsphinx (offline fallback)");
    expect(machineTranscriptLine("pocketsphinx", "en-us")).toBe(
      "Machine transcript: pocketsphinx en-us (offline fallback)",
    );
    expect(machineTranscriptLine("openai", "whisper-1")).toBe(
      "Machine transcript: OpenAI-compatible speech API whisper-1",
    );
    expect(machineTranscriptLine(null, null)).toBeNull();
  });
});
