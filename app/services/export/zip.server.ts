// ZIP archives written as streams, by archiver (zip-stream underneath: deflate, CRC-32, data descriptors, UTF-8
// names). One entry is in flight at a time and the next is asked for only once archiver has taken the previous one
// in, which waits on the reader, so memory holds one entry and a few buffers whatever the archive's size.
// ZIP64 is automatic: archiver writes ZIP64 records once the archive passes 4 GiB or 65,535 entries, and ZIP64 sizes
// for an entry past 4 GiB (uploads stop at 500 MB, so no single entry gets there).
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";

export interface ZipEntry {
  /** The path inside the archive ("recordings/001-board-meeting/audio.mp3"). */
  name: string;
  /** Text or bytes made when the archive reaches the entry, or a stream (audio read, decrypted, from storage). */
  body: string | Uint8Array | Readable;
  /** Deflate it (text); false stores it as it is (audio, PDF and DOCX are compressed already). */
  compress: boolean;
  modified?: Date;
}

/** Bytes buffered between archiver and the reader (its own default is 1 MiB). */
const BUFFER_BYTES = 64 * 1024;

/**
 * The entries as one ZIP archive, a Node stream. An entry is pulled from `entries` only after the one before has
 * gone into the archive; destroying the stream (a client gone, a failed write) stops pulling and closes `entries`.
 * `pointer()` on the result gives the bytes written so far.
 */
export function zipArchive(entries: AsyncIterable<ZipEntry>): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: BUFFER_BYTES });
  void feed(archive, entries);
  return archive;
}

/** The same archive as a web stream for a Response body, queueing at most BUFFER_BYTES ahead of the client. */
export function zipResponseBody(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  return Readable.toWeb(zipArchive(entries) as unknown as Readable, {
    strategy: new ByteLengthQueuingStrategy({ highWaterMark: BUFFER_BYTES }),
  }) as ReadableStream<Uint8Array>;
}

async function feed(archive: ZipArchive, entries: AsyncIterable<ZipEntry>) {
  const iterator = entries[Symbol.asyncIterator]();
  let closed = false;
  archive.once("close", () => (closed = true));
  try {
    for (;;) {
      const next = await iterator.next();
      if (closed) {
        if (!next.done && next.value.body instanceof Readable) next.value.body.destroy();
        break;
      }
      if (next.done) {
        await archive.finalize();
        return;
      }
      const { name, body, compress, modified } = next.value;
      // A stored buffer would be written in one go, past the reader's pace; as a stream it waits for the reader.
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      // archiver pipes a source on without passing its errors along: a failed read (storage gone) fails the archive
      // here rather than leaving it waiting for the rest of the entry.
      source.once("error", (error) => archive.destroy(error));
      archive.append(source, { name, date: modified ?? new Date(), store: !compress });
      if (!(await taken(archive))) {
        source.destroy();
        break;
      }
    }
    await iterator.return?.();
  } catch (error) {
    await iterator.return?.().catch(() => undefined);
    archive.destroy(error as Error);
  }
}

/** Resolves true once archiver has written the entry it is on, false if the archive was closed first. */
function taken(archive: ZipArchive) {
  return new Promise<boolean>((resolve, reject) => {
    const settle = (result: boolean | Error) => {
      archive.off("entry", onEntry);
      archive.off("close", onClose);
      archive.off("error", onError);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onEntry = () => settle(true);
    const onClose = () => settle(false);
    const onError = (error: Error) => settle(error);
    archive.on("entry", onEntry);
    archive.on("close", onClose);
    archive.on("error", onError);
  });
}
