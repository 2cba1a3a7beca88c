// npm run models:download [-- --whisper small] [-- --if-online] [-- --skip-diarization]: fetches a whisper.cpp model
// (WHISPER_MODEL, default "base", multilingual), the Silero VAD model and the two speaker-labelling models (ADR 023)
// into DATA_DIR/models (or WHISPER_MODEL_PATH's folder), checking the published checksums and resuming a cut download. With --if-online (npm run setup), a machine without network gets
// one line saying so and exit code 0: Voxlate then runs its offline fallback engine.
import path from "node:path";
import { parseArgs } from "node:util";
import { dataDir, getEnv } from "~/config/env.server";
import { DIARIZATION_MODELS, downloadModel, progressReporter, VAD_MODEL, WHISPER_MODELS } from "./models";

const env = getEnv();
const { values } = parseArgs({
  options: {
    whisper: { type: "string", default: env.WHISPER_MODEL },
    "if-online": { type: "boolean", default: false },
    "skip-diarization": { type: "boolean", default: false },
  },
});
const whisper = WHISPER_MODELS[values.whisper!];
if (!whisper) {
  console.error(`Unknown whisper model "${values.whisper}". Choose one of: ${Object.keys(WHISPER_MODELS).join(", ")}.`);
  process.exit(2);
}

/** fetch's "fetch failed" with the socket's reason: no DNS, no route, refused, timed out. */
function isOffline(error: unknown): boolean {
  const code = ((error as { cause?: { code?: string } }).cause?.code ?? "") as string;
  return (
    /^(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|ETIMEDOUT|ECONNRESET|UND_ERR_CONNECT_TIMEOUT)$/.test(
      code,
    ) || (error as Error).message === "fetch failed"
  );
}

try {
  for (const [model, directory] of [
    [whisper, env.WHISPER_MODEL_PATH ? path.dirname(env.WHISPER_MODEL_PATH) : dataDir("models")],
    [VAD_MODEL, env.VAD_MODEL_PATH ? path.dirname(env.VAD_MODEL_PATH) : dataDir("models")],
    // Speaker labels: the neural models where they download, else the acoustic method runs (nothing to fetch).
    ...(values["skip-diarization"] ? [] : DIARIZATION_MODELS.map((model) => [model, dataDir("models")] as const)),
  ] as const) {
    await downloadModel(model, directory, { onProgress: progressReporter(model.fileName) });
  }
  if (env.WHISPER_MODEL_PATH && path.basename(env.WHISPER_MODEL_PATH) !== whisper.fileName) {
    console.log(
      `WHISPER_MODEL_PATH names another file; unset it, or point it at ${whisper.fileName}, to use this one.`,
    );
  }
} catch (error) {
  if (values["if-online"] && isOffline(error)) {
    console.log(
      `No network: could not download the whisper model (${whisper.fileName}), so Voxlate will use its offline fallback engine (pocketsphinx, English only, low accuracy); run \`npm run models:download\` when online.`,
    );
    process.exit(0);
  }
  console.error(
    isOffline(error) ? `No network: ${(error as Error).message} (${whisper.url})` : (error as Error).message,
  );
  process.exit(1);
}
