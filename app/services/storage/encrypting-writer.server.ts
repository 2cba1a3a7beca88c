// A writable stream that encrypts what it is given into a file of the layout in encryption.server.ts (version 2),
// on a worker thread. The main thread only copies each piece across; AES-GCM, the regrouping into records and the
// writes happen on the worker, whose small heap also keeps the garbage of 500 MB of buffers away from the web
// server's (measured: 3.9 s of the server's garbage collection for one 500 MB file when it encrypted on the main
// thread, bench/upload.ts --encryption).
import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import { CHUNK_BYTES, encodeHeader, type EncryptedHeader, fileKey, type StorageKey } from "./encryption.server";
import { StorageError } from "./storage";

/** Bytes sent to the worker and not yet written before the stream stops taking more (its backpressure). */
const IN_FLIGHT_BYTES = 8 * 1024 * 1024;

/** What the worker is told at its start. */
interface WorkerSetup {
  file: string;
  key: Buffer;
  header: Buffer;
  chunkBytes: number;
  /** Continuing a file: its first `records` records are kept, anything after them is cut off and written again. */
  records: number;
}

type FromWorker =
  | { type: "written"; bytes: number }
  | { type: "done"; plainBytes: number }
  | { type: "error"; message: string; code?: string };

// The worker's code is this self-contained script, not a module file: it then runs the same under tsx, Vitest and
// both production bundles (the React Router build and build/node/server.js), which would each need to find a
// separate worker file. It uses only Node's own modules.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const { file, key, header, chunkBytes, records } = workerData;
const fd = fs.openSync(file, records > 0 ? "r+" : "w", 0o600);
// Closed once: after that the number may belong to another file of the process.
let open = true;
const stop = () => {
  if (open) fs.closeSync(fd);
  open = false;
  parentPort.close();
};
let position = header.length + records * (chunkBytes + 16);
if (records > 0) fs.ftruncateSync(fd, position);
else fs.writeSync(fd, header);
let index = records;
let sealedBytes = records * chunkBytes;
// Plain bytes not yet sealed: a full record is sealed only once more bytes follow it, because the last record is
// sealed differently (its nonce says it is the last).
let pending = Buffer.allocUnsafe(chunkBytes * 2);
let pendingBytes = 0;
const seal = (plain, last) => {
  const nonce = Buffer.alloc(12);
  nonce[0] = last ? 1 : 0;
  nonce.writeBigUInt64BE(BigInt(index++), 4);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(header);
  const body = cipher.update(plain);
  cipher.final();
  position += fs.writevSync(fd, [body, cipher.getAuthTag()], position);
  sealedBytes += plain.length;
};
parentPort.on("message", (message) => {
  if (!open) return;
  try {
    if (message.type === "data") {
      let bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
      while (bytes.length) {
        if (pendingBytes === pending.length) {
          seal(pending.subarray(0, chunkBytes), false);
          pending.copy(pending, 0, chunkBytes, pendingBytes);
          pendingBytes -= chunkBytes;
        }
        const take = Math.min(bytes.length, pending.length - pendingBytes);
        bytes.copy(pending, pendingBytes, 0, take);
        pendingBytes += take;
        bytes = bytes.subarray(take);
      }
      while (pendingBytes > chunkBytes) {
        seal(pending.subarray(0, chunkBytes), false);
        pending.copy(pending, 0, chunkBytes, pendingBytes);
        pendingBytes -= chunkBytes;
      }
      parentPort.postMessage({ type: "written", bytes: message.bytes.byteLength });
    } else if (message.type === "end") {
      // Not the last part: what is held back waits for the next part, which starts again from the last record.
      if (message.last) seal(pending.subarray(0, pendingBytes), true);
      parentPort.postMessage({ type: "done", plainBytes: sealedBytes });
      stop();
    } else if (message.type === "abort") {
      stop();
    }
  } catch (error) {
    parentPort.postMessage({ type: "error", message: String(error && error.message ? error.message : error), code: error && error.code });
    stop();
  }
});
`;

export interface EncryptingWriter extends Writable {
  /**
   * Whether the stream's end is the file's end (the default). Set it to false before ending a part of a file that
   * arrives in several requests: the part's last, incomplete record is then left out, and the next part starts
   * from the records written.
   */
  last: boolean;
  /** The plain bytes sealed into the file (with a resumed file's earlier records), once the stream has finished. */
  plainBytes: number;
  /** Settles when the worker has closed the file and ended (after the stream finished or was destroyed). */
  stopped: Promise<void>;
}

/** Where an earlier part of a file left off: its header, its key and how many records it holds. */
export interface EncryptedPart {
  header: EncryptedHeader;
  key: StorageKey;
  records: number;
}

/**
 * A stream that encrypts what is written to it into `target`: a new file with `key` (the current key), or, with
 * `resume`, the rest of a file whose first records an earlier part wrote (write it the plain bytes from
 * `resume.records * CHUNK_BYTES` on).
 */
export function encryptingWriter(target: string, key: StorageKey, resume?: EncryptedPart): EncryptingWriter {
  const salt = resume?.header.salt ?? crypto.randomBytes(16);
  const setup: WorkerSetup = {
    file: target,
    key: fileKey((resume?.key ?? key).key, salt),
    header: resume?.header.raw ?? encodeHeader(key.id, salt),
    chunkBytes: resume?.header.chunkBytes ?? CHUNK_BYTES,
    records: resume?.records ?? 0,
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: setup });
  const stopped = new Promise<void>((resolve) => worker.once("exit", () => resolve()));

  let inFlight = 0;
  let resumeWriting: (() => void) | null = null;
  let finished: ((error?: Error | null) => void) | null = null;
  let failure: Error | null = null;

  const fail = (error: Error) => {
    failure ??= error;
    const callback = resumeWriting ?? finished;
    resumeWriting = finished = null;
    callback?.(failure);
  };
  worker.on("message", (message: FromWorker) => {
    if (message.type === "written") {
      inFlight -= message.bytes;
      if (resumeWriting && inFlight < IN_FLIGHT_BYTES) {
        const resume = resumeWriting;
        resumeWriting = null;
        resume();
      }
    } else if (message.type === "done") {
      writer.plainBytes = message.plainBytes;
      const done = finished;
      finished = null;
      done?.();
    } else {
      // With the system's code (ENOSPC…), so a full disk is still told apart from other failures.
      const error = new StorageError(`The file could not be encrypted into storage: ${message.message}`);
      fail(Object.assign(error, { code: message.code }));
    }
  });
  worker.on("error", (error) =>
    fail(new StorageError("The file could not be encrypted into storage.", undefined, { cause: error })),
  );

  const writer = new Writable({
    highWaterMark: CHUNK_BYTES,
    write(chunk: Buffer, _encoding, callback) {
      if (failure) return callback(failure);
      // A copy the worker then owns (transferred, not copied again); the caller's buffer may be reused.
      const bytes = new Uint8Array(chunk);
      inFlight += bytes.byteLength;
      worker.postMessage({ type: "data", bytes }, [bytes.buffer]);
      if (inFlight < IN_FLIGHT_BYTES) callback();
      else resumeWriting = () => callback();
    },
    final(callback) {
      if (failure) return callback(failure);
      finished = callback;
      worker.postMessage({ type: "end", last: writer.last });
    },
    destroy(error, callback) {
      // The worker closes its file itself (a terminated worker would leave the descriptor open), after what it
      // was already sent.
      worker.postMessage({ type: "abort" });
      callback(error);
    },
  }) as EncryptingWriter;
  writer.last = true;
  writer.plainBytes = 0;
  writer.stopped = stopped;
  return writer;
}

/** Encrypts the plain file `source` into `target` (a new file) with `key`, streamed, off the main thread. */
export async function encryptFile(source: string, target: string, key: StorageKey): Promise<void> {
  const plainBytes = (await fs.promises.stat(source)).size;
  const writer = encryptingWriter(target, key);
  await pipeline(fs.createReadStream(source, { highWaterMark: CHUNK_BYTES }), writer);
  // The file grew or shrank while it was read: what was stored is not the file.
  if (writer.plainBytes !== plainBytes)
    throw new StorageError(`The file changed while it was being stored (${source}).`);
}
