// The model files Voxlate can download, and a download that checks the published checksum before keeping a file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { EMBEDDING_MODEL, SEGMENTATION_MODEL } from "~/services/transcription/diarization-neural.server";

export interface ModelFile {
  fileName: string;
  url: string;
  algorithm: "sha1" | "sha256";
  checksum: string;
}

const WHISPER_HUB = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main";

/** whisper.cpp ggml models with the SHA-1 sums whisper.cpp publishes (models/README.md). */
export const WHISPER_MODELS: Record<string, ModelFile> = Object.fromEntries(
  Object.entries({
    "tiny.en": "c78c86eb1a8faa21b369bcd33207cc90d64ae9df",
    "base.en": "137c40403d78fd54d454da0f9bd998f78703390c",
    base: "465707469ff3a37a2b9b8d8f89f2f99de7299dac",
    "small.en": "db8a495a91d927739e50b3fc1cc4c6b8f6c2d022",
    small: "55356645c2b361a969dfd0ef2c5a50d530afd8d5",
  }).map(([name, checksum]) => [
    name,
    { fileName: `ggml-${name}.bin`, url: `${WHISPER_HUB}/ggml-${name}.bin`, algorithm: "sha1", checksum },
  ]),
);

/** Silero VAD v5.1.2 (MIT), which splits long recordings at pauses. */
export const VAD_MODEL: ModelFile = {
  fileName: "silero_vad.onnx",
  url: "https://github.com/snakers4/silero-vad/raw/v5.1.2/src/silero_vad/data/silero_vad.onnx",
  algorithm: "sha256",
  checksum: "2623a2953f6ff3d2c1e61740c6cdb7168133479b267dfef114a4a3cc5bdd788f",
};

/** Speaker labels by sherpa-onnx (pyannote segmentation + a speaker-embedding model), used when present (ADR 023). */
export const DIARIZATION_MODELS: ModelFile[] = [SEGMENTATION_MODEL, EMBEDDING_MODEL];

/**
 * Downloads to `<file>.part` while hashing, and renames only when the checksum matches, so a cut or tampered
 * download never ends up where the engine looks. Returns the final path; an existing good file is kept.
 */
export async function downloadModel(
  model: ModelFile,
  directory: string,
  log: (line: string) => void = console.log,
): Promise<string> {
  const target = path.join(directory, model.fileName);
  await fs.promises.mkdir(directory, { recursive: true });
  if (fs.existsSync(target) && (await hashFile(target, model.algorithm)) === model.checksum) {
    log(`${model.fileName}: already present and verified`);
    return target;
  }
  const response = await fetch(model.url, { redirect: "follow" });
  if (!response.ok || !response.body)
    throw new Error(`${model.fileName}: download failed with HTTP ${response.status} from ${model.url}`);
  const partial = `${target}.part`;
  const hash = crypto.createHash(model.algorithm);
  try {
    await pipeline(
      Readable.fromWeb(response.body as never),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      fs.createWriteStream(partial),
    );
    const actual = hash.digest("hex");
    if (actual !== model.checksum)
      throw new Error(
        `${model.fileName}: checksum mismatch (${model.algorithm} ${actual}, expected ${model.checksum}); the file was discarded`,
      );
    await fs.promises.rename(partial, target);
    log(`${model.fileName}: downloaded and verified (${model.algorithm} ${actual})`);
    return target;
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}

async function hashFile(file: string, algorithm: ModelFile["algorithm"]): Promise<string> {
  const hash = crypto.createHash(algorithm);
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
