// A copy of a recording's audio with stretches of it hidden under a 1 kHz tone or silence: what every listener who
// may not hear the original gets once something is redacted (ADR 048, issue 35 item 3).
//
// ffmpeg decodes the original to raw PCM, this process replaces the samples inside the ranges (sample-exact, in one
// pass however many ranges there are: an ffmpeg expression per sample would cost as much per range), and a second
// ffmpeg encodes the result. Streamed from end to end: the decoded audio never exists whole, on disk or in memory.
//
// The output is a constant-bitrate MP3: every browser's player plays it, and at a constant bitrate a byte offset is
// a time, so a player seeking with HTTP Range requests lands where it asks (an MP4 would need its index written
// first, a variable bitrate needs a seek table). A recording's speech loses nothing audible at these bitrates.
import type { ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import { Transform, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ProgramNotInstalledError, runCommand, spawnChild } from "../process.server";
import { TranscriptionError } from "./errors";
import { type MediaSource, withInput } from "./audio.server";

export type MaskSound = "tone" | "silence";

export interface MaskRange {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
}

/** The bleep: a 1 kHz sine, the broadcast convention, … */
export const MASK_TONE_HZ = 1000;
/** … at a quarter of full scale (-12 dBFS): clearly a bleep, not louder than speech usually peaks. */
export const MASK_TONE_AMPLITUDE = 0.25;

/** What the masked audio is stored and served as. */
export const MASKED_AUDIO_FORMAT = { mimeType: "audio/mpeg", extension: "mp3" } as const;

/** One rate for every output, which MP3 supports and is above speech's band whatever the original's rate. */
const OUTPUT_RATE = 44_100;
const FFMPEG_HINT = "the Debian package ffmpeg";
const BYTES_PER_SAMPLE = 2;

/** The original's audio channels, 1 or 2 (more are mixed down to two: MP3 holds no more). */
async function channelsOf(source: MediaSource, timeoutMs: number): Promise<1 | 2> {
  const result = await withInput(source, (input) =>
    runCommand(
      "ffprobe",
      ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", ...input.args],
      { timeoutMs, installHint: FFMPEG_HINT, env: input.env },
    ),
  );
  const channels = Number.parseInt(result.stdout.trim(), 10);
  if (result.code !== 0 || !Number.isFinite(channels))
    throw new TranscriptionError(`ffprobe could not read the recording's audio: ${result.stderr.trim().slice(-300)}`);
  return channels >= 2 ? 2 : 1;
}

/**
 * A stream transform over interleaved signed 16-bit little-endian PCM that writes the tone (or zeros) over every
 * sample inside `ranges`. The tone's phase follows the absolute sample index, so it is one continuous sine even
 * across chunk edges.
 */
export function maskingTransform(
  ranges: MaskRange[],
  options: { rate: number; channels: number; sound: MaskSound },
): Transform {
  const { rate, channels, sound } = options;
  const frameBytes = channels * BYTES_PER_SAMPLE;
  const frames = ranges
    .map((range) => ({ from: Math.max(0, Math.floor(range.start * rate)), to: Math.ceil(range.end * rate) }))
    .filter((range) => range.to > range.from)
    .sort((a, b) => a.from - b.from);
  const amplitude = sound === "tone" ? Math.round(MASK_TONE_AMPLITUDE * 32767) : 0;
  const step = (2 * Math.PI * MASK_TONE_HZ) / rate;
  let carry = Buffer.alloc(0);
  let frameIndex = 0;
  let next = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // Whole frames only: a pipe may split a sample or a frame between two chunks.
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % frameBytes);
      carry = Buffer.from(bytes.subarray(whole));
      const block = bytes.subarray(0, whole);
      const first = frameIndex;
      const last = first + whole / frameBytes;
      while (next < frames.length && frames[next].to <= first) next++;
      for (let index = next; index < frames.length && frames[index].from < last; index++) {
        const from = Math.max(first, frames[index].from);
        const to = Math.min(last, frames[index].to);
        for (let frame = from; frame < to; frame++) {
          const value = amplitude ? Math.round(amplitude * Math.sin(step * frame)) : 0;
          const offset = (frame - first) * frameBytes;
          for (let channel = 0; channel < channels; channel++)
            block.writeInt16LE(value, offset + channel * BYTES_PER_SAMPLE);
        }
      }
      frameIndex = last;
      done(null, block);
    },
    flush(done) {
      done(null, carry.length ? carry : undefined);
    },
  });
}

/** Waits for a child's exit code; its stderr's tail is kept for the message. */
function exitOf(child: ChildProcessByStdio<Writable | null, Readable | null, Readable>) {
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-2000)));
  const code = new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new ProgramNotInstalledError(`ffmpeg is not installed: install ${FFMPEG_HINT}.`)
          : error,
      ),
    );
    child.once("close", resolve);
  });
  code.catch(() => {}); // awaited below; this keeps an early failure from counting as unhandled meanwhile
  return { code, stderr: () => stderr.trim().slice(-500) };
}

/**
 * Writes `outputPath`: the audio of `source` with every range hidden under the tone (or silence), as a CBR MP3
 * (MASKED_AUDIO_FORMAT). The file appears only when complete. `source` is a path or stored bytes read over loopback.
 */
export async function writeMaskedAudio(
  source: MediaSource,
  ranges: MaskRange[],
  outputPath: string,
  options: { sound?: MaskSound; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const channels = await channelsOf(source, Math.min(timeoutMs, 60_000));
  const partial = `${outputPath}.part`;
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]);
  try {
    await withInput(source, async (input) => {
      const decoder = spawnChild(
        "ffmpeg",
        [
          ...["-nostdin", "-hide_banner", "-v", "error", ...input.args],
          ...["-vn", "-sn", "-dn", "-ac", String(channels), "-ar", String(OUTPUT_RATE), "-f", "s16le", "pipe:1"],
        ],
        { stdio: ["ignore", "pipe", "pipe"], env: input.env },
      ) as ChildProcessByStdio<null, Readable, Readable>;
      const encoder = spawnChild(
        "ffmpeg",
        [
          ...["-nostdin", "-hide_banner", "-v", "error", "-y"],
          ...["-f", "s16le", "-ar", String(OUTPUT_RATE), "-ac", String(channels), "-i", "pipe:0"],
          // Constant bitrate (libmp3lame's default with -b:a); 64 kb/s per channel keeps speech clear.
          ...["-c:a", "libmp3lame", "-b:a", `${64 * channels}k`, "-map_metadata", "-1", "-f", "mp3", partial],
        ],
        { stdio: ["pipe", "ignore", "pipe"] },
      ) as ChildProcessByStdio<Writable, null, Readable>;
      const decoded = exitOf(decoder);
      const encoded = exitOf(encoder);
      const kill = () => {
        decoder.kill("SIGKILL");
        encoder.kill("SIGKILL");
      };
      signal.addEventListener("abort", kill, { once: true });
      try {
        await pipeline(
          decoder.stdout,
          maskingTransform(ranges, { rate: OUTPUT_RATE, channels, sound: options.sound ?? "tone" }),
          encoder.stdin,
        );
        const [decoderCode, encoderCode] = await Promise.all([decoded.code, encoded.code]);
        signal.throwIfAborted();
        if (decoderCode !== 0)
          throw new TranscriptionError(
            `ffmpeg could not decode the recording (exit ${decoderCode}): ${decoded.stderr()}`,
          );
        if (encoderCode !== 0)
          throw new TranscriptionError(
            `ffmpeg could not encode the masked audio (exit ${encoderCode}): ${encoded.stderr()}`,
          );
      } catch (error) {
        kill();
        signal.throwIfAborted();
        throw error;
      } finally {
        signal.removeEventListener("abort", kill);
      }
    });
    await fs.promises.rename(partial, outputPath);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
