// A streaming ZIP writer: entries are stored (audio does not compress), each written as it is read, so an archive
// of any size passes through a few chunks of memory. Every entry and the end record use ZIP64 fields, so archives
// and entries past 4 GiB are valid too (APPNOTE 6.3.10, sections 4.3.9, 4.3.14, 4.5.3). No dependency: no ZIP library
// is among the project's dependencies, and a stored-only writer is about a hundred lines.
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Continues a CRC-32 (the ZIP one) over `chunk`; start from 0. */
export function crc32(chunk: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < chunk.length; i++) crc = CRC_TABLE[(crc ^ chunk[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** MS-DOS time and date, the local headers' format (two-second resolution, 1980 onwards). */
function dosDateTime(date: Date) {
  const year = Math.max(1980, date.getUTCFullYear());
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

interface CentralEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  day: number;
}

const VERSION = 45; // ZIP64
const FLAGS = 0x0808; // sizes in a data descriptor after the data; UTF-8 names
const MAX32 = 0xffffffff;

export class ZipWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];

  constructor(private readonly out: Writable) {}

  /** Bytes written so far. */
  get bytesWritten() {
    return this.offset;
  }

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  /** Adds a file from a stream; `onBytes` hears each chunk's size (for progress). */
  async addStream(
    name: string,
    source: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    modified = new Date(),
    onBytes?: (bytes: number) => void,
  ) {
    const nameBytes = Buffer.from(name, "utf8");
    const { time, day } = dosDateTime(modified);
    const offset = this.offset;
    const header = Buffer.alloc(30 + nameBytes.length + 20);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(day, 12);
    header.writeUInt32LE(0, 14); // CRC: in the descriptor
    header.writeUInt32LE(MAX32, 18);
    header.writeUInt32LE(MAX32, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(20, 28);
    nameBytes.copy(header, 30);
    // ZIP64 extra field with zero sizes: the real ones follow in the descriptor.
    header.writeUInt16LE(0x0001, 30 + nameBytes.length);
    header.writeUInt16LE(16, 32 + nameBytes.length);
    await this.write(header);

    let crc = 0;
    let size = 0;
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      crc = crc32(bytes, crc);
      size += bytes.length;
      await this.write(bytes);
      onBytes?.(bytes.length);
    }

    const descriptor = Buffer.alloc(24);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeBigUInt64LE(BigInt(size), 8);
    descriptor.writeBigUInt64LE(BigInt(size), 16);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, crc, size, offset, time, day });
  }

  async addBuffer(name: string, data: Buffer | string, modified = new Date()) {
    const buffer = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    await this.addStream(name, [buffer], modified);
  }

  /** Writes the central directory and the end records, then ends the output stream. */
  async finish() {
    const directoryOffset = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46 + entry.name.length + 28);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE((3 << 8) | VERSION, 4); // made on Unix
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(0, 10);
      record.writeUInt16LE(entry.time, 12);
      record.writeUInt16LE(entry.day, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(MAX32, 20);
      record.writeUInt32LE(MAX32, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt16LE(28, 30);
      record.writeUInt16LE(0, 32); // comment
      record.writeUInt16LE(0, 34); // disk
      record.writeUInt16LE(0, 36);
      record.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      record.writeUInt32LE(MAX32, 42);
      entry.name.copy(record, 46);
      const extra = 46 + entry.name.length;
      record.writeUInt16LE(0x0001, extra);
      record.writeUInt16LE(24, extra + 2);
      record.writeBigUInt64LE(BigInt(entry.size), extra + 4);
      record.writeBigUInt64LE(BigInt(entry.size), extra + 12);
      record.writeBigUInt64LE(BigInt(entry.offset), extra + 20);
      await this.write(record);
    }
    const directorySize = this.offset - directoryOffset;
    const zip64EndOffset = this.offset;
    const end = Buffer.alloc(56 + 20 + 22);
    end.writeUInt32LE(0x06064b50, 0);
    end.writeBigUInt64LE(44n, 4);
    end.writeUInt16LE((3 << 8) | VERSION, 12);
    end.writeUInt16LE(VERSION, 14);
    end.writeUInt32LE(0, 16);
    end.writeUInt32LE(0, 20);
    end.writeBigUInt64LE(BigInt(this.entries.length), 24);
    end.writeBigUInt64LE(BigInt(this.entries.length), 32);
    end.writeBigUInt64LE(BigInt(directorySize), 40);
    end.writeBigUInt64LE(BigInt(directoryOffset), 48);
    end.writeUInt32LE(0x07064b50, 56);
    end.writeUInt32LE(0, 60);
    end.writeBigUInt64LE(BigInt(zip64EndOffset), 64);
    end.writeUInt32LE(1, 72);
    end.writeUInt32LE(0x06054b50, 76);
    end.writeUInt16LE(0, 80);
    end.writeUInt16LE(0, 82);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 84);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 86);
    end.writeUInt32LE(MAX32, 88);
    end.writeUInt32LE(MAX32, 92);
    end.writeUInt16LE(0, 96);
    await this.write(end);
    this.out.end();
    await once(this.out, "finish");
  }
}
