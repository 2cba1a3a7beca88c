// npm run models:download [-- --whisper base.en] [-- --skip-diarization]: fetches the whisper.cpp model, the Silero
// VAD model and the two speaker-labelling models into DATA_DIR/models (or WHISPER_MODEL_PATH's folder), checking the
// published checksums. Needs internet access.
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir, getEnv } from "~/modules/platform/env.server";
import { DIARIZATION_MODELS, downloadModel, VAD_MODEL, WHISPER_MODELS } from "./models";

const { values } = parseArgs({
  options: { whisper: { type: "string", default: "base.en" }, "skip-diarization": { type: "boolean", default: false } },
});
const whisper = WHISPER_MODELS[values.whisper!];
if (!whisper) {
  console.error(`Unknown whisper model "${values.whisper}". Choose one of: ${Object.keys(WHISPER_MODELS).join(", ")}.`);
  process.exit(2);
}
const env = getEnv();
try {
  await downloadModel(whisper, env.WHISPER_MODEL_PATH ? path.dirname(env.WHISPER_MODEL_PATH) : dataDir("models"));
  await downloadModel(VAD_MODEL, env.VAD_MODEL_PATH ? path.dirname(env.VAD_MODEL_PATH) : dataDir("models"));
  // Speaker labels: the neural models where they download, else the acoustic method runs (nothing to fetch).
  if (!values["skip-diarization"])
    for (const model of DIARIZATION_MODELS) await downloadModel(model, dataDir("models"));
  if (!env.WHISPER_MODEL_PATH && whisper.fileName !== "ggml-base.en.bin") {
    console.log(`Set WHISPER_MODEL_PATH=${dataDir("models", whisper.fileName)} to use it.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
