import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sharedFile } from "../../../tests/shared-files";
import { WHISPER_MODELS } from "../../../scripts/models";

const TEST_MODEL = sharedFile("models/for-tests-ggml-tiny.en.bin");

// The environment is read once per module instance, so each test loads the modules afresh.
async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("./index.server");
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllEnvs());

const emptyDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-engine-"));

describe("TRANSCRIBE_ENGINE=auto, the default", () => {
  test("without a whisper model: the pocketsphinx fallback, made once", async () => {
    const { configuredTranscriber, whisperModelStatus } = await load({
      TRANSCRIBE_ENGINE: "",
      DATA_DIR: emptyDataDir(),
    });
    const engine = configuredTranscriber().engine;
    expect(engine).toMatchObject({
      name: "pocketsphinx",
      model: "en-us",
      label: "Pocketsphinx (offline, English)",
      languages: ["en"],
    });
    expect(configuredTranscriber().engine).toBe(engine);
    expect(configuredTranscriber().vadModelPath).toMatch(/\/models\/silero_vad\.onnx$/);
    expect(whisperModelStatus()).toMatchObject({ present: false, check: "absent" });
    expect(whisperModelStatus().path).toMatch(/\/models\/ggml-base\.bin$/);
  });

  test("whisper when WHISPER_MODEL_PATH names a model file (the untrained test model loads)", async () => {
    const { configuredTranscriber, whisperModelStatus } = await load({
      TRANSCRIBE_ENGINE: "auto",
      WHISPER_MODEL_PATH: TEST_MODEL,
      WHISPER_THREADS: "1",
    });
    expect(whisperModelStatus()).toMatchObject({ present: true, check: "unlisted" });
    expect(configuredTranscriber().engine).toMatchObject({ name: "whisper", model: "tiny.en" });
  });

  test("a catalogued model whose checksum does not match is not used: the fallback runs", async () => {
    const dataDir = emptyDataDir();
    fs.mkdirSync(path.join(dataDir, "models"));
    fs.copyFileSync(TEST_MODEL, path.join(dataDir, "models", "ggml-base.bin"));
    const { configuredTranscriber, whisperModelStatus } = await load({ TRANSCRIBE_ENGINE: "auto", DATA_DIR: dataDir });
    expect(whisperModelStatus()).toMatchObject({ present: true, check: "mismatch" });
    expect(configuredTranscriber().engine.name).toBe("pocketsphinx");
  });

  test("a verified model in DATA_DIR/models, also one other than WHISPER_MODEL, is used", async () => {
    const dataDir = emptyDataDir();
    fs.mkdirSync(path.join(dataDir, "models"));
    const file = path.join(dataDir, "models", "ggml-small.bin");
    fs.copyFileSync(TEST_MODEL, file);
    // The marker a verified download leaves (scripts/models.ts) stands in for the real 466 MB file here.
    const { size, mtimeMs } = fs.statSync(file);
    fs.writeFileSync(`${file}.verified`, `sha1 ${WHISPER_MODELS.small.checksum} ${size} ${Math.trunc(mtimeMs)}\n`);
    const { configuredTranscriber, whisperModelStatus } = await load({ TRANSCRIBE_ENGINE: "", DATA_DIR: dataDir });
    expect(whisperModelStatus()).toEqual({ path: file, present: true, check: "verified" });
    expect(configuredTranscriber().engine.name).toBe("whisper");
  });
});

describe("configuredTranscriber", () => {
  test("pocketsphinx when named", async () => {
    const { configuredTranscriber } = await load({ TRANSCRIBE_ENGINE: "pocketsphinx", WHISPER_MODEL_PATH: TEST_MODEL });
    expect(configuredTranscriber().engine.name).toBe("pocketsphinx");
  });

  test("the VAD model from VAD_MODEL_PATH", async () => {
    const { configuredTranscriber } = await load({
      TRANSCRIBE_ENGINE: "pocketsphinx",
      VAD_MODEL_PATH: "/opt/models/vad.onnx",
    });
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
      "TRANSCRIBE_ENGINE is whisper, but the model /nonexistent-voxlate-data/models/ggml-base.bin does not exist. Run `npm run models:download` to fetch it, or set WHISPER_MODEL_PATH to a ggml model you have.",
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
