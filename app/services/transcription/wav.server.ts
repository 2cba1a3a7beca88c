import fs from "node:fs";

/** The engines' input: 16 kHz mono signed 16-bit PCM WAV. */
export const SPEECH_SAMPLE_RATE = 16_000;

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of sample data actually in the file. */
  dataBytes: number;
  /** Samples per channel. */
  totalSamples: number;
  durationSeconds: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Reads a RIFF/WAVE header without reading the samples. */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const handle = await fs.promises.open(path, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const riff = await read(0, 12);
    if (riff.length < 12 || riff.toString("ascii", 0, 4) !== "RIFF" || riff.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error(`${path} is not a WAV file.`);
    }
    let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | null = null;
    let offset = 12;
    while (offset + 8 <= fileSize) {
      const header = await read(offset, 8);
      const id = header.toString("ascii", 0, 4);
      const size = header.readUInt32LE(4);
      if (id === "fmt ") {
        const body = await read(offset + 8, Math.min(size, 40));
        let audioFormat = body.readUInt16LE(0);
        // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
        if (audioFormat === WAVE_FORMAT_EXTENSIBLE && body.length >= 26) audioFormat = body.readUInt16LE(24);
        format = {
          audioFormat,
          channels: body.readUInt16LE(2),
          sampleRate: body.readUInt32LE(4),
          bitsPerSample: body.readUInt16LE(14),
        };
      } else if (id === "data") {
        if (!format) throw new Error(`${path}: the WAV data comes before its format.`);
        const dataOffset = offset + 8;
        // Streamed WAVs carry 0 or 0xFFFFFFFF here; a cut file carries more than it has: trust the file's size.
        const available = fileSize - dataOffset;
        const declared = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
        const frameBytes = format.channels * (format.bitsPerSample / 8);
        const dataBytes = declared - (declared % frameBytes);
        const totalSamples = dataBytes / frameBytes;
        if (format.audioFormat !== WAVE_FORMAT_PCM) throw new Error(`${path}: only PCM WAV is supported.`);
        const { sampleRate, channels, bitsPerSample } = format;
        return {
          sampleRate,
          channels,
          bitsPerSample,
          dataOffset,
          dataBytes,
          totalSamples,
          durationSeconds: totalSamples / sampleRate,
        };
      }
      offset += 8 + size + (size % 2);
    }
    throw new Error(`${path} has no WAV data chunk.`);
  } finally {
    await handle.close();
  }
}

/** Reads the header and checks the file is what the engines take: 16 kHz mono 16-bit PCM. */
export async function readSpeechWavInfo(path: string): Promise<WavInfo> {
  const info = await readWavInfo(path);
  if (info.sampleRate !== SPEECH_SAMPLE_RATE || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new Error(
      `${path} must be 16 kHz mono 16-bit PCM (decodeToWav writes that); it is ${info.sampleRate} Hz, ${info.channels} channel(s), ${info.bitsPerSample}-bit.`,
    );
  }
  return info;
}

/** Copies little-endian 16-bit samples out of a byte buffer (whatever its alignment). */
export function toInt16(bytes: Buffer): Int16Array {
  const samples = new Int16Array(bytes.length >> 1);
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  return samples;
}

/**
 * Cuts a stream of little-endian 16-bit samples (bytes, in pieces of any size) into blocks of exactly
 * `blockSamples` samples (the last may be shorter), so what reads them behaves the same whatever the source's
 * piece sizes: a file's reads or a pipe's.
 */
export async function* pcmBlocks(
  bytes: AsyncIterable<Uint8Array>,
  blockSamples = 64 * 1024,
): AsyncGenerator<Int16Array> {
  const block = Buffer.alloc(blockSamples * 2);
  let filled = 0;
  for await (const piece of bytes) {
    let offset = 0;
    while (offset < piece.length) {
      const taken = Math.min(piece.length - offset, block.length - filled);
      block.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === block.length) {
        yield toInt16(block);
        filled = 0;
      }
    }
  }
  // An odd last byte is half a sample: dropped, as readWavInfo drops it.
  if (filled >= 2) yield toInt16(block.subarray(0, filled));
}

/**
 * Streams the samples of a 16-bit mono WAV in blocks, so a long file never sits in memory.
 * `blockSamples` is each block's size (the last may be shorter).
 */
export async function* readPcmBlocks(
  path: string,
  info: WavInfo,
  blockSamples = 64 * 1024,
): AsyncGenerator<Int16Array> {
  if (info.dataBytes === 0) return;
  const stream = fs.createReadStream(path, {
    start: info.dataOffset,
    end: info.dataOffset + info.dataBytes - 1,
    highWaterMark: blockSamples * 2,
  });
  try {
    yield* pcmBlocks(stream, blockSamples);
  } finally {
    stream.destroy();
  }
}

/** Reads samples [start, end) of a 16-bit mono WAV through an open file handle. */
export async function readPcmRange(
  handle: fs.promises.FileHandle,
  info: WavInfo,
  start: number,
  end: number,
): Promise<Int16Array> {
  const from = Math.max(0, Math.min(info.totalSamples, Math.floor(start)));
  const to = Math.max(from, Math.min(info.totalSamples, Math.floor(end)));
  const buffer = Buffer.alloc((to - from) * 2);
  if (buffer.length === 0) return new Int16Array(0);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, info.dataOffset + from * 2);
  return toInt16(buffer.subarray(0, bytesRead));
}

/** A 44-byte PCM WAV header for `sampleCount` 16-bit mono samples. */
export function wavHeader(sampleCount: number, sampleRate = SPEECH_SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  const dataBytes = sampleCount * 2;
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Writes 16-bit mono samples as a WAV file. */
export async function writeWav(path: string, samples: Int16Array, sampleRate = SPEECH_SAMPLE_RATE): Promise<void> {
  const body = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  await fs.promises.writeFile(path, Buffer.concat([wavHeader(samples.length, sampleRate), body]));
}

/** Writes blocks of 16-bit mono samples as a WAV file as they come (the header is filled in at the end). */
export async function writeWavBlocks(
  path: string,
  blocks: AsyncIterable<Int16Array>,
  sampleRate = SPEECH_SAMPLE_RATE,
): Promise<void> {
  const handle = await fs.promises.open(path, "w");
  try {
    let samples = 0;
    await handle.write(wavHeader(0, sampleRate), 0, 44, 0);
    for await (const block of blocks) {
      const bytes = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
      await handle.write(bytes, 0, bytes.length, 44 + samples * 2);
      samples += block.length;
    }
    await handle.write(wavHeader(samples, sampleRate), 0, 44, 0);
  } finally {
    await handle.close();
  }
}

/** Converts 16-bit samples to floats in [-1, 1), as the models take them. */
export function toFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] / 32768;
  return out;
}
