import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sharedFile } from "../../../tests/shared-files";

const TEST_MODEL = sharedFile("models/for-tests-ggml-tiny.en.bin");

// The environment is read once per module instance, so each test loads the modules afresh.
async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("./index.server");
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

describe("configuredTranscriber", () => {
  test("pocketsphinx by default, made once", async () => {
    const { configuredTranscriber } = await load({ TRANSCRIBE_ENGINE: "" });
    const engine = configuredTranscriber().engine;
    expect(engine).toMatchObject({
      name: "pocketsphinx",
      model: "en-us",
      label: "Pocketsphinx (offline, English)",
      languages: ["en"],
    });
    expect(configuredTranscriber().engine).toBe(engine);
    expect(configuredTranscriber().vadModelPath).toMatch(/\/models\/silero_vad\.onnx$/);
  });

  test("the VAD model from VAD_MODEL_PATH", async () => {
    const { configuredTranscriber } = await load({ TRANSCRIBE_ENGINE: "", VAD_MODEL_PATH: "/opt/models/vad.onnx" });
    expect(configuredTranscriber().vadModelPath).toBe("/opt/models/vad.onnx");
  });

  test("whisper with the model from WHISPER_MODEL_PATH", async () => {
    const { configuredTranscriber } = await load({
      TRANSCRIBE_ENGINE: "whisper",
      WHISPER_MODEL_PATH: TEST_MODEL,
      WHISPER_THREADS: "2",
    });
    expect(configuredTranscriber().engine).toMatchObject({ name: "whisper", model: "tiny.en", languages: ["en"] });
  });

  test("whisper without its model says to run npm run models:download", async () => {
    const { configuredTranscriber, EngineUnavailableError } = await load({
      TRANSCRIBE_ENGINE: "whisper",
      DATA_DIR: "/nonexistent-voxlate-data",
    });
    expect(() => configuredTranscriber().engine).toThrow(EngineUnavailableError);
    expect(() => configuredTranscriber().engine).toThrow(
      "TRANSCRIBE_ENGINE is whisper, but the model /nonexistent-voxlate-data/models/ggml-base.en.bin does not exist. Run `npm run models:download` to fetch it, or set WHISPER_MODEL_PATH to a ggml model you have.",
    );
  });

  test("openai with its model and key; a key is required for api.openai.com only", async () => {
    let module = await load({
      TRANSCRIBE_ENGINE: "openai",
      OPENAI_API_KEY: "sk-test",
      OPENAI_TRANSCRIBE_MODEL: "whisper-1",
    });
    expect(module.configuredTranscriber().engine).toMatchObject({
      name: "openai",
      model: "whisper-1",
      languages: "all",
      label: "whisper-1 (OpenAI-compatible API)",
    });

    module = await load({ TRANSCRIBE_ENGINE: "openai", OPENAI_API_KEY: "" });
    expect(() => module.configuredTranscriber().engine).toThrow(
      "TRANSCRIBE_ENGINE is openai, but OPENAI_API_KEY is not set.",
    );

    module = await load({
      TRANSCRIBE_ENGINE: "openai",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "http://localhost:8000/v1",
    });
    expect(module.configuredTranscriber().engine.name).toBe("openai");
  });
});
