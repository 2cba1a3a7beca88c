// A ZIP archive written as a stream: each entry is compressed and sent as it comes, and only the entry being written
// is in memory, never the whole archive. fflate's streaming Zip writes the format (deflate, CRC, data descriptors).
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

export interface ZipEntry {
  /** The path inside the archive ("board-meeting.pdf"). */
  name: string;
  body: Uint8Array;
  /** Deflate it (text); false stores it as it is (PDF and DOCX are compressed already). */
  compress: boolean;
  modified?: Date;
}

/**
 * Streams the entries as one ZIP archive. An entry is asked for only when the reader wants more bytes, so a slow
 * client holds back the work and memory stays at one entry's size.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.asyncIterator]();
  let zip: Zip;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          if (chunk.length) controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      async pull() {
        const next = await iterator.next();
        if (next.done) return zip.end();
        const { name, body, compress, modified } = next.value;
        const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
        if (modified) file.mtime = modified;
        zip.add(file);
        file.push(body, true);
      },
      async cancel() {
        zip.terminate();
        await iterator.return?.();
      },
    },
    // One entry's output queued at most before the next is made.
    { highWaterMark: 1 },
  );
}
