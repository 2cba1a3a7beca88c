// The model files Voxlate can download, with their published checksums, and a download that resumes a cut
// transfer and keeps a file only when its checksum matches. The app reads the catalogue too: a whisper model
// counts as installed only when its checksum matched (ADR 024).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { EMBEDDING_MODEL, SEGMENTATION_MODEL } from "~/services/transcription/diarization-neural.server";

export interface ModelFile {
  /** What uses it: the speech engine, the voice-activity detector, … */
  kind: "whisper" | "vad" | "diarization";
  /** The name an operator types, e.g. WHISPER_MODEL=base. */
  name: string;
  fileName: string;
  url: string;
  algorithm: "sha1" | "sha256";
  checksum: string;
}

const WHISPER_HUB = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main";

/** whisper.cpp ggml model, with the SHA-1 the hub's model card (huggingface.co/ggerganov/whisper.cpp) publishes. */
const whisper = (name: string, sha1: string): ModelFile => ({
  kind: "whisper",
  name,
  fileName: `ggml-${name}.bin`,
  url: `${WHISPER_HUB}/ggml-${name}.bin`,
  algorithm: "sha1",
  checksum: sha1,
});

/** Every file `npm run setup` and `npm run models:download` can fetch. One entry per file; add new ones at the end. */
export const MODEL_CATALOGUE: ModelFile[] = [
  whisper("tiny", "bd577a113a864445d4c299885e0cb97d4ba92b5f"),
  whisper("tiny-q5_1", "2827a03e495b1ed3048ef28a6a4620537db4ee51"),
  whisper("tiny-q8_0", "19e8118f6652a650569f5a949d962154e01571d9"),
  whisper("tiny.en", "c78c86eb1a8faa21b369bcd33207cc90d64ae9df"),
  whisper("base", "465707469ff3a37a2b9b8d8f89f2f99de7299dac"),
  whisper("base-q5_1", "a3733eda680ef76256db5fc5dd9de8629e62c5e7"),
  whisper("base-q8_0", "7bb89bb49ed6955013b166f1b6a6c04584a20fbe"),
  whisper("base.en", "137c40403d78fd54d454da0f9bd998f78703390c"),
  whisper("small", "55356645c2b361a969dfd0ef2c5a50d530afd8d5"),
  whisper("small-q5_1", "6fe57ddcfdd1c6b07cdcc73aaf620810ce5fc771"),
  whisper("small-q8_0", "bcad8a2083f4e53d648d586b7dbc0cd673d8afad"),
  whisper("small.en", "db8a495a91d927739e50b3fc1cc4c6b8f6c2d022"),
  whisper("large-v3-turbo", "4af2b29d7ec73d781377bfd1758ca957a807e941"),
  whisper("large-v3-turbo-q5_0", "e050f7970618a659205450ad97eb95a18d69c9ee"),
  whisper("large-v3-turbo-q8_0", "01bf15bedffe9f39d65c1b6ff9b687ea91f59e0e"),
  // Silero VAD v5.1.2 (MIT), which splits long recordings at pauses.
  {
    kind: "vad",
    name: "silero-vad",
    fileName: "silero_vad.onnx",
    url: "https://github.com/snakers4/silero-vad/raw/v5.1.2/src/silero_vad/data/silero_vad.onnx",
    algorithm: "sha256",
    checksum: "2623a2953f6ff3d2c1e61740c6cdb7168133479b267dfef114a4a3cc5bdd788f",
  },
  // Speaker labels by sherpa-onnx (ADR 023): pyannote segmentation-3.0 and 3D-Speaker CAM++ embeddings.
  { kind: "diarization", name: "pyannote-segmentation-3.0", ...SEGMENTATION_MODEL },
  { kind: "diarization", name: "3dspeaker-campplus", ...EMBEDDING_MODEL },
];

/** The model `npm run setup` fetches when WHISPER_MODEL is unset: multilingual, small enough for a CPU. */
export const DEFAULT_WHISPER_MODEL = "base";

export const WHISPER_MODELS: Record<string, ModelFile> = Object.fromEntries(
  MODEL_CATALOGUE.filter((model) => model.kind === "whisper").map((model) => [model.name, model]),
);

export const VAD_MODEL: ModelFile = MODEL_CATALOGUE.find((model) => model.kind === "vad")!;

/** The catalogue entry for a file name ("ggml-base.bin"), if the file is one we know the checksum of. */
export function catalogueEntry(fileName: string): ModelFile | undefined {
  return MODEL_CATALOGUE.find((model) => model.fileName === fileName);
}

/** Beside a verified model: its checksum, size and time, so the next check needs a stat instead of a full read. */
const markerPath = (file: string) => `${file}.verified`;

function markerText(model: ModelFile, stat: fs.Stats): string {
  return `${model.algorithm} ${model.checksum} ${stat.size} ${Math.trunc(stat.mtimeMs)}\n`;
}

function writeMarker(file: string, model: ModelFile): void {
  try {
    fs.writeFileSync(markerPath(file), markerText(model, fs.statSync(file)));
  } catch {
    // A read-only model folder: the file is hashed again on the next check, which is slower but as safe.
  }
}

/** Speaker labels by sherpa-onnx (pyannote segmentation + a speaker-embedding model), used when present (ADR 023). */
export const DIARIZATION_MODELS: ModelFile[] = MODEL_CATALOGUE.filter((model) => model.kind === "diarization");

/**
 * Whether `file` exists and matches the model's published checksum. The first check reads the whole file (about a
 * second per 500 MB); it then leaves a marker, so later checks cost a stat until the file changes.
 */
export function isVerifiedModel(file: string, model: ModelFile): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  try {
    if (fs.readFileSync(markerPath(file), "utf8") === markerText(model, stat)) return true;
  } catch {
    // No marker yet.
  }
  const hash = crypto.createHash(model.algorithm);
  const buffer = Buffer.alloc(4 * 1024 * 1024);
  const fd = fs.openSync(file, "r");
  try {
    for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  if (hash.digest("hex") !== model.checksum) return false;
  writeMarker(file, model);
  return true;
}

export interface DownloadOptions {
  log?: (line: string) => void;
  /** Called as bytes arrive: received so far (including a resumed part) and the total when the server says it. */
  onProgress?: (received: number, total: number | null) => void;
  /** Attempts after a cut connection, each resuming where the last stopped. */
  retries?: number;
}

/**
 * Downloads to `<file>.part` and renames only when the checksum matches, so a cut or tampered download never ends
 * up where the engine looks. A `.part` left by a cut connection (this run's or an earlier one) is resumed with an
 * HTTP Range request; a server that ignores Range sends the whole file and the part starts over. An existing good
 * file is kept. Returns the final path.
 */
export async function downloadModel(
  model: ModelFile,
  directory: string,
  { log = console.log, onProgress, retries = 3 }: DownloadOptions = {},
): Promise<string> {
  const target = path.join(directory, model.fileName);
  await fs.promises.mkdir(directory, { recursive: true });
  if (isVerifiedModel(target, model)) {
    log(`${model.fileName}: already present and verified`);
    return target;
  }
  const partial = `${target}.part`;
  for (let attempt = 0; ; attempt++) {
    const before = partSize(partial);
    try {
      await fetchInto(model, partial, onProgress);
      break;
    } catch (error) {
      // Retried only when bytes arrived before the cut: a server that cannot be reached at all (no network) is
      // reported at once.
      if (error instanceof DownloadRefusedError || attempt >= retries || partSize(partial) <= before) throw error;
      log(`${model.fileName}: ${(error as Error).message}; resuming (attempt ${attempt + 2} of ${retries + 1})`);
    }
  }
  const actual = await hashFile(partial, model.algorithm);
  if (actual !== model.checksum) {
    await fs.promises.rm(partial, { force: true });
    throw new DownloadRefusedError(
      `${model.fileName}: checksum mismatch (${model.algorithm} ${actual}, expected ${model.checksum}); the file was discarded`,
    );
  }
  await fs.promises.rename(partial, target);
  writeMarker(target, model);
  log(`${model.fileName}: downloaded and verified (${model.algorithm} ${actual})`);
  return target;
}

const partSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Not worth retrying: the server refused, or the bytes are not the published file. */
export class DownloadRefusedError extends Error {}

async function fetchInto(model: ModelFile, partial: string, onProgress: DownloadOptions["onProgress"]): Promise<void> {
  const have = partSize(partial);
  const response = await fetch(model.url, {
    redirect: "follow",
    headers: have > 0 ? { Range: `bytes=${have}-` } : {},
  });
  if (response.status === 416) return; // The part is already complete; the checksum decides.
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DownloadRefusedError(`${model.fileName}: download failed with HTTP ${response.status} from ${model.url}`);
  }
  const resumed = response.status === 206;
  const length = Number(response.headers.get("content-length")) || null;
  const start = resumed ? have : 0;
  const total = length === null ? null : start + length;
  const out = fs.createWriteStream(partial, { flags: resumed ? "a" : "w" });
  let received = start;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      received += chunk.length;
      onProgress?.(received, total);
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  if (total !== null && received < total) throw new Error(`connection cut at ${received} of ${total} bytes`);
}

async function hashFile(file: string, algorithm: ModelFile["algorithm"]): Promise<string> {
  const hash = crypto.createHash(algorithm);
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A progress display for downloads: a redrawn bar on a terminal, otherwise a line every 10% (CI logs, pipes).
 */
export function progressReporter(
  label: string,
  stream: NodeJS.WriteStream = process.stdout,
): (received: number, total: number | null) => void {
  let lastTenth = -1;
  let lastDraw = 0;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return (received, total) => {
    const fraction = total ? received / total : null;
    if (stream.isTTY) {
      const now = Date.now();
      if (now - lastDraw < 100 && received !== total) return;
      lastDraw = now;
      const width = 30;
      const bar =
        fraction === null
          ? ""
          : `[${"#".repeat(Math.round(fraction * width)).padEnd(width, ".")}] ${Math.floor(fraction * 100)}% `;
      stream.write(`\r${label} ${bar}${mb(received)}${total ? ` of ${mb(total)}` : ""}`);
      if (received === total) stream.write("\n");
      return;
    }
    if (fraction === null) return;
    const tenth = Math.floor(fraction * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    stream.write(`${label} ${tenth * 10}% (${mb(received)} of ${mb(total!)})\n`);
  };
}
