// A writable stream that encrypts what it is given into a file of the layout in encryption.server.ts (version 2),
// on a worker thread. The main thread only copies each piece across; AES-GCM, the regrouping into records and the
// writes happen on the worker, whose small heap also keeps the garbage of 500 MB of buffers away from the web
// server's (measured: 3.9 s of the server's garbage collection for one 500 MB file when it encrypted on the main
// thread, bench/upload.ts --encryption).
import crypto from "node:crypto";
import { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import {
  CHUNK_BYTES,
  encodeHeader,
  type EncryptedHeader,
  fileKey,
  PIECE_BYTES,
  type StorageKey,
} from "./encryption.server";
import { StorageError } from "./storage";

/**
 * The ring the main thread copies the plain bytes into and the worker seals them from (shared memory, kept with
 * its worker: Sealer): a power of two, and a whole number of records. Handing each piece over as its own buffer
 * allocated 500 MB of buffers on the web server's heap per 500 MB file, and its garbage collector then cost more
 * than the encryption itself (profiled).
 */
const RING_BYTES = 8 * 1024 * 1024;
/** Slots of the shared state: bytes written into the ring, bytes read from it (both counted modulo 2^32), and how
 *  the writing ended. */
const WRITTEN = 0;
const READ = 1;
const STATE = 2;
/** Rung (incremented) when the worker has work: a batch is waiting, or the writing ended. */
const BELL = 3;
/** Bytes the worker waits for before it wakes (unless the writing ended): waking it for every network piece of
 *  16–64 KiB cost a context switch each (profiled with an upload paced like a network). */
const BATCH_BYTES = 1024 * 1024;
const OPEN = 0;
const ENDED_LAST = 1;
const ENDED_PART = 2;
const ABORTED = 3;
const FAILED = 4;

/** Atomics.waitAsync (ES2024), in Node since 16; this project's TypeScript library predates it. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: true; value: Promise<string> } | { async: false; value: string };
  }
).waitAsync;

/** What a worker is given for one file. */
interface SealingJob {
  file: string;
  key: Buffer;
  header: Buffer;
  chunkBytes: number;
  /** Continuing a file: its first `records` records are kept, anything after them is cut off and written again. */
  records: number;
  ring: SharedArrayBuffer;
  state: SharedArrayBuffer;
}

type FromWorker =
  { type: "done"; plainBytes: number } | { type: "aborted" } | { type: "error"; message: string; code?: string };

// The worker's code is this self-contained script, not a module file: it then runs the same under tsx, Vitest and
// both production bundles (the React Router build and build/node/server.js), which would each need to find a
// separate worker file. It uses only Node's own modules. A worker seals one file at a time, blocking on the shared
// state (Atomics.wait) until bytes arrive, and then waits for its next file: starting a worker costs ~30 ms, which
// a tus upload would pay on every part.
const WORKER_SOURCE = String.raw`
const { parentPort } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const [WRITTEN, READ, STATE, BELL, BATCH_BYTES, PIECE_BYTES, OPEN, ENDED_LAST, ENDED_PART, ABORTED, FAILED] = ${JSON.stringify([WRITTEN, READ, STATE, BELL, BATCH_BYTES, PIECE_BYTES, OPEN, ENDED_LAST, ENDED_PART, ABORTED, FAILED])};

function sealFile({ file, key, header, chunkBytes, records, ring: ringMemory, state: stateMemory }) {
  const ring = new Uint8Array(ringMemory);
  const state = new Int32Array(stateMemory);
  const mask = ring.length - 1;
  let fd;
  let position = header.length + records * (chunkBytes + 16);
  let index = records;
  let sealedBytes = records * chunkBytes;
  const seal = (plain, last) => {
    const nonce = Buffer.alloc(12);
    nonce[0] = last ? 1 : 0;
    nonce.writeBigUInt64BE(BigInt(index++), 4);
    const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
    cipher.setAAD(header);
    // In pieces, each its own small buffer (PIECE_BYTES, in encryption.server.ts, says why).
    const pieces = [];
    for (let offset = 0; offset < plain.length; offset += PIECE_BYTES)
      pieces.push(cipher.update(plain.subarray(offset, offset + PIECE_BYTES)));
    cipher.final();
    pieces.push(cipher.getAuthTag());
    position += fs.writevSync(fd, pieces, position);
    sealedBytes += plain.length;
  };
  // Records are sealed straight from the ring, never copied out of it: the stream starts on a record's edge and
  // the ring holds a whole number of records, so every record lies in one piece in it. A full record is sealed
  // only once more bytes follow it, because the last record is sealed differently (its nonce says it is the last).
  const sealReady = (read, available) => {
    let sealed = 0;
    while (available - sealed > chunkBytes) {
      const start = (read + sealed) & mask;
      seal(ring.subarray(start, start + chunkBytes), false);
      sealed += chunkBytes;
      Atomics.add(state, READ, chunkBytes);
      Atomics.notify(state, READ);
    }
    return available - sealed;
  };
  try {
    fd = fs.openSync(file, records > 0 ? "r+" : "w", 0o600);
    if (records > 0) fs.ftruncateSync(fd, position);
    else fs.writeSync(fd, header);
    for (;;) {
      // The bell is read first: if it rings after this, the wait below returns at once.
      const bell = Atomics.load(state, BELL);
      const ended = Atomics.load(state, STATE);
      if (ended === ABORTED) return { type: "aborted" };
      const read = Atomics.load(state, READ);
      const available = (Atomics.load(state, WRITTEN) - read) | 0;
      if (ended === ENDED_LAST || ended === ENDED_PART) {
        const rest = sealReady(read, available);
        // Not the last part: the last (full or partial) record waits for the next part, which starts again from it.
        if (ended === ENDED_LAST) {
          const start = (read + available - rest) & mask;
          seal(ring.subarray(start, start + rest), true);
        }
        return { type: "done", plainBytes: sealedBytes };
      }
      if (available >= BATCH_BYTES) {
        sealReady(read, available);
        continue;
      }
      Atomics.wait(state, BELL, bell);
    }
  } catch (error) {
    Atomics.store(state, STATE, FAILED);
    Atomics.notify(state, READ);
    return { type: "error", message: String(error && error.message ? error.message : error), code: error && error.code };
  } finally {
    // Closed here, once the file is done with: a terminated worker would leave the descriptor open.
    if (fd !== undefined) fs.closeSync(fd);
  }
}
parentPort.on("message", (job) => parentPort.postMessage(sealFile(job)));
`;

/**
 * A sealing worker and its ring, which stay together: a new ring for every file (every part of a tus upload) was
 * 2,048 fresh pages for the kernel to map on first touch, on both threads, about 16,000 page faults per 500 MB tus
 * upload in its 64 MiB parts, and a page fault costs 10–20 µs on a virtual machine (counted in /proc/<pid>/stat with
 * bench/upload.ts --encryption).
 */
interface Sealer {
  worker: Worker;
  ring: SharedArrayBuffer;
}

/** Sealers waiting for their next file (a few are kept; more start when files arrive at once). */
const idleSealers: Sealer[] = [];
const IDLE_SEALERS_KEPT = 2;

function takeSealer(): Sealer {
  const sealer = idleSealers.pop() ?? {
    worker: new Worker(WORKER_SOURCE, { eval: true }),
    ring: new SharedArrayBuffer(RING_BYTES),
  };
  // Held while it works (a script that awaits the file must not end early), let go while it waits.
  sealer.worker.ref();
  return sealer;
}

function returnSealer(sealer: Sealer) {
  sealer.worker.removeAllListeners("message");
  sealer.worker.removeAllListeners("error");
  if (idleSealers.length >= IDLE_SEALERS_KEPT) return void sealer.worker.terminate();
  sealer.worker.unref();
  idleSealers.push(sealer);
}

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
  const chunkBytes = resume?.header.chunkBytes ?? CHUNK_BYTES;
  // The worker seals records in place in the ring (WORKER_SOURCE), so a record must never wrap around its end.
  if (RING_BYTES % chunkBytes !== 0) throw new StorageError(`Records of ${chunkBytes} bytes do not fit the ring.`);
  const salt = resume?.header.salt ?? crypto.randomBytes(16);
  const sealer = takeSealer();
  const { worker, ring } = sealer;
  const shared = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
  const state = new Int32Array(shared);
  const bytes = new Uint8Array(ring);
  const setup: SealingJob = {
    file: target,
    key: fileKey((resume?.key ?? key).key, salt),
    header: resume?.header.raw ?? encodeHeader(key.id, salt),
    chunkBytes,
    records: resume?.records ?? 0,
    ring,
    state: shared,
  };
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));

  let finished: ((error?: Error | null) => void) | null = null;
  let waitingForRoom: ((error?: Error | null) => void) | null = null;
  let failure: Error | null = null;
  let released = false;

  const fail = (error: Error) => {
    failure ??= error;
    const callback = waitingForRoom ?? finished;
    waitingForRoom = finished = null;
    callback?.(failure);
  };
  worker.on("message", (message: FromWorker) => {
    // The worker has closed the file and is free for the next one, with its ring, which this file no longer touches.
    released = true;
    returnSealer(sealer);
    stop();
    if (message.type === "done") {
      writer.plainBytes = message.plainBytes;
      const done = finished;
      finished = null;
      done?.();
    } else if (message.type === "error") {
      // With the system's code (ENOSPC…), so a full disk is still told apart from other failures.
      const error = new StorageError(`The file could not be encrypted into storage: ${message.message}`);
      fail(Object.assign(error, { code: message.code }));
    }
  });
  worker.on("error", (error) => {
    stop();
    fail(new StorageError("The file could not be encrypted into storage.", undefined, { cause: error }));
  });
  worker.postMessage(setup);

  /** Copies `chunk` from `offset` into the ring, waiting for the worker to make room when it is full. */
  const copyIn = (chunk: Buffer, offset: number, callback: (error?: Error | null) => void) => {
    while (offset < chunk.length) {
      if (failure) return callback(failure);
      if (released) return callback(new StorageError("The file was closed while it was written."));
      const written = Atomics.load(state, WRITTEN);
      const read = Atomics.load(state, READ);
      const room = RING_BYTES - ((written - read) | 0);
      if (room === 0) {
        if (Atomics.load(state, STATE) === FAILED) {
          // The worker's message says why; it calls back then.
          waitingForRoom = callback;
          return;
        }
        const wait = waitAsync(state, READ, read);
        if (wait.async) {
          waitingForRoom = callback;
          void wait.value.then(() => {
            if (waitingForRoom !== callback) return;
            waitingForRoom = null;
            copyIn(chunk, offset, callback);
          });
          return;
        }
        continue;
      }
      const start = written & (RING_BYTES - 1);
      const count = Math.min(room, chunk.length - offset, RING_BYTES - start);
      bytes.set(chunk.subarray(offset, offset + count), start);
      offset += count;
      const unread = (Atomics.add(state, WRITTEN, count) + count - Atomics.load(state, READ)) | 0;
      // Rung once as a batch fills; the worker reads everything there is when it wakes.
      if (unread >= BATCH_BYTES && unread - count < BATCH_BYTES) ringBell();
    }
    callback();
  };
  const ringBell = () => {
    Atomics.add(state, BELL, 1);
    Atomics.notify(state, BELL);
  };
  const end = (how: number) => {
    Atomics.store(state, STATE, how);
    ringBell();
  };

  const writer = new Writable({
    highWaterMark: CHUNK_BYTES,
    write(chunk: Buffer, _encoding, callback) {
      copyIn(chunk, 0, callback);
    },
    final(callback) {
      if (failure) return callback(failure);
      finished = callback;
      end(writer.last ? ENDED_LAST : ENDED_PART);
    },
    destroy(error, callback) {
      // The worker closes its file itself (a terminated worker would leave the descriptor open).
      if (Atomics.load(state, STATE) === OPEN) end(ABORTED);
      callback(error);
    },
  }) as EncryptingWriter;
  writer.last = true;
  writer.plainBytes = 0;
  writer.stopped = stopped;
  return writer;
}
