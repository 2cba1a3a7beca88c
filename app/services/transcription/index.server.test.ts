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

describe("speechEngine", () => {
  test("pocketsphinx by default, made once", async () => {
    const { speechEngine } = await load({ TRANSCRIBE_ENGINE: "" });
    const engine = speechEngine();
    expect(engine).toMatchObject({ name: "pocketsphinx", model: "en-us", label: "Pocketsphinx (offline, English)", languages: ["en"] });
    expect(speechEngine()).toBe(engine);
  });

  test("whisper with the model from WHISPER_MODEL_PATH", async () => {
    const { speechEngine } = await load({ TRANSCRIBE_ENGINE: "whisper", WHISPER_MODEL_PATH: TEST_MODEL, WHISPER_THREADS: "2" });
    expect(speechEngine()).toMatchObject({ name: "whisper", model: "tiny.en", languages: ["en"] });
  });

  test("whisper without its model says to run npm run models:download", async () => {
    const { speechEngine, EngineUnavailableError } = await load({ TRANSCRIBE_ENGINE: "whisper", DATA_DIR: "/nonexistent-voxlate-data" });
    expect(() => speechEngine()).toThrow(EngineUnavailableError);
    expect(() => speechEngine()).toThrow(
      "TRANSCRIBE_ENGINE is whisper, but the model /nonexistent-voxlate-data/models/ggml-base.en.bin does not exist. Run `npm run models:download` to fetch it, or set WHISPER_MODEL_PATH to a ggml model you have.",
    );
  });

  test("openai with its model and key; a key is required for api.openai.com only", async () => {
    let module = await load({ TRANSCRIBE_ENGINE: "openai", OPENAI_API_KEY: "sk-test", OPENAI_TRANSCRIBE_MODEL: "whisper-1" });
    expect(module.speechEngine()).toMatchObject({ name: "openai", model: "whisper-1", languages: "all", label: "whisper-1 (OpenAI-compatible API)" });

    module = await load({ TRANSCRIBE_ENGINE: "openai", OPENAI_API_KEY: "" });
    expect(() => module.speechEngine()).toThrow("TRANSCRIBE_ENGINE is openai, but OPENAI_API_KEY is not set.");

    module = await load({ TRANSCRIBE_ENGINE: "openai", OPENAI_API_KEY: "", OPENAI_BASE_URL: "http://localhost:8000/v1" });
    expect(module.speechEngine().name).toBe("openai");
  });
});
