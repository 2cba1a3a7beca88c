import fs from "node:fs";
import path from "node:path";
import { SPEECH_SAMPLE_RATE, toInt16 } from "./wav.server";

/** Ten seconds of 16 kHz 16-bit audio per file (320 kB): what is kept beyond the need is at most one file. */
const DEFAULT_SEGMENT_SAMPLES = 10 * SPEECH_SAMPLE_RATE;

/**
 * Decoded audio on its way to being cut into chunks: appended in order to small raw files (`segmentSamples`
 * each), read back by sample position, and deleted once nothing before a position will be read again. So the
 * disk holds only the stretch not yet handed out, never the whole recording (a WAV of which is 115 MB an hour).
 */
export class PcmSpool {
  private written = 0;
  /** The first segment still on disk. */
  private kept = 0;
  private writing: fs.promises.FileHandle | null = null;

  constructor(
    private readonly dir: string,
    private readonly segmentSamples = DEFAULT_SEGMENT_SAMPLES,
  ) {}

  /** Samples appended so far. */
  get length(): number {
    return this.written;
  }

  /** The first sample that can still be read. */
  get keptFrom(): number {
    return this.kept * this.segmentSamples;
  }

  private file(segment: number): string {
    return path.join(this.dir, `pcm-${String(segment).padStart(7, "0")}.raw`);
  }

  async append(samples: Int16Array): Promise<void> {
    let offset = 0;
    while (offset < samples.length) {
      const segment = Math.floor(this.written / this.segmentSamples);
      const part = samples.subarray(offset, offset + (segment + 1) * this.segmentSamples - this.written);
      this.writing ??= await fs.promises.open(this.file(segment), "w");
      await this.writing.write(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
      this.written += part.length;
      offset += part.length;
      if (this.written % this.segmentSamples === 0) await this.closeWriting();
    }
  }

  /** Samples [start, end), clamped to what was appended (as readPcmRange clamps to a file's length). */
  async read(start: number, end: number): Promise<Int16Array> {
    const from = Math.max(0, Math.min(this.written, Math.floor(start)));
    const to = Math.max(from, Math.min(this.written, Math.floor(end)));
    if (from < this.keptFrom) {
      throw new Error(`Samples from ${from} were already released (kept from ${this.keptFrom}).`);
    }
    const bytes = Buffer.alloc((to - from) * 2);
    for (let position = from; position < to;) {
      const segment = Math.floor(position / this.segmentSamples);
      const until = Math.min(to, (segment + 1) * this.segmentSamples);
      const handle = await fs.promises.open(this.file(segment), "r");
      try {
        const offset = (position - from) * 2;
        await handle.read(bytes, offset, (until - position) * 2, (position - segment * this.segmentSamples) * 2);
      } finally {
        await handle.close();
      }
      position = until;
    }
    return toInt16(bytes);
  }

  /** Deletes the files whose samples all lie before `position`: they will not be read again. */
  async release(position: number): Promise<void> {
    const until = Math.min(Math.floor(position / this.segmentSamples), Math.floor(this.written / this.segmentSamples));
    for (; this.kept < until; this.kept++) await fs.promises.rm(this.file(this.kept), { force: true });
  }

  /** Closes the file being written (the folder itself is the caller's to remove). */
  async close(): Promise<void> {
    await this.closeWriting();
  }

  private async closeWriting(): Promise<void> {
    const handle = this.writing;
    this.writing = null;
    await handle?.close();
  }
}
