import type { ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { z } from "zod";
import { ProgramNotInstalledError, runCommand, spawnChild } from "../process.server";
import { TranscriptionError } from "./errors";
import { type ByteSource, type FfmpegInput, openLoopbackInput } from "./loopback-input.server";
import { SPEECH_SAMPLE_RATE } from "./wav.server";

/** The formats we take, for messages. */
export const ACCEPTED_FORMATS: readonly string[] = ["MP3", "WAV", "M4A", "WEBM", "MP4", "OGG", "FLAC"];

const formatList = `${ACCEPTED_FORMATS.slice(0, -1).join(", ")} or ${ACCEPTED_FORMATS.at(-1)}`;

/** Why a file was refused; each has its own user-facing message. */
export type MediaProblem = "empty" | "not-audio" | "unsupported-format" | "no-audio-track" | "no-duration" | "damaged";

export const MEDIA_PROBLEM_MESSAGES: Record<Exclude<MediaProblem, "unsupported-format">, string> = {
  empty: "This file is empty.",
  "not-audio": `This file is not audio we can read (${formatList}).`,
  "no-audio-track": "This file contains no audio track.",
  "no-duration": "This recording has no playable length: it holds no sound we can read.",
  damaged: "This audio file is damaged or incomplete.",
};

function unsupportedFormatMessage(format: string): string {
  return `${format} files are not supported. Please upload ${formatList}.`;
}

/** The upload is not audio we accept. `message` is written for the user. */
export class UnsupportedMediaError extends TranscriptionError {
  readonly reason: MediaProblem;
  constructor(message: string, reason: MediaProblem = "not-audio") {
    super(message);
    this.name = "UnsupportedMediaError";
    this.reason = reason;
  }
}

function reject(reason: Exclude<MediaProblem, "unsupported-format">): never {
  throw new UnsupportedMediaError(MEDIA_PROBLEM_MESSAGES[reason], reason);
}

export interface AudioProbe {
  /** "mp3", "wav", "mp4", "webm", "matroska", "ogg" or "flac". */
  container: string;
  /** The audio stream's codec as ffmpeg names it: "mp3", "aac", "opus", "pcm_s16le"… */
  codec: string;
  durationSeconds: number;
  /** The MIME type of what the content is (not what the upload claimed). */
  mimeType: string;
  /** The file extension that fits the content, without a dot. */
  extension: string;
}

const FfprobeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
  format: z
    .object({
      format_name: z.string(),
      duration: z.string().optional(),
    })
    .optional(),
});

const PROBE_TIMEOUT_MS = 30_000;
/** Files up to this long are decoded in full to prove they are whole; longer ones are checked at both ends. */
const FULL_CHECK_MAX_SECONDS = 30 * 60;
/** Decoding may fall this short of the stated length (estimates for MP3s without an index are rough). */
const DURATION_TOLERANCE = 0.85;
/** More than this past the stated end of a long file means its header understates its length. */
const UNDERSTATED_SLACK_SECONDS = 5;
const WEBM_CODECS = new Set(["opus", "vorbis", "vp8", "vp9", "av1"]);
const FFMPEG_HINT = "the Debian package ffmpeg";

/**
 * A path to the file that has no extension, so ffmpeg tells the format from the content alone (with an
 * extension it lets the name break ties: text named .mp3 is then read as a broken MP3). `remove` deletes it.
 */
async function contentOnlyLink(file: string): Promise<{ link: string; remove: () => Promise<void> }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-media-"));
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const link = path.join(dir, "media");
    await fs.promises.symlink(path.resolve(file), link);
    return { link, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * What ffmpeg reads: a file's path, or bytes that are not a plain file on disk (an encrypted stored file, or an
 * upload sealed while it arrived), served to it over loopback (loopback-input.server.ts).
 */
export type MediaSource = string | ByteSource;

/** ffmpeg's input arguments for `source` (a path through a content-only link, see contentOnlyLink), until `close`. */
async function openInput(source: MediaSource): Promise<{ input: FfmpegInput; close: () => Promise<void> }> {
  if (typeof source !== "string") {
    const { input, close } = await openLoopbackInput(source);
    return { input, close: async () => close() };
  }
  const { link, remove } = await contentOnlyLink(source);
  return { input: { args: ["-i", link] }, close: remove };
}

/** Runs `use` with ffmpeg's input arguments for `source` (also for the redacted audio, masked-audio.server.ts). */
export async function withInput<T>(source: MediaSource, use: (input: FfmpegInput) => Promise<T>): Promise<T> {
  const { input, close } = await openInput(source);
  try {
    return await use(input);
  } finally {
    await close();
  }
}

function seconds(value: string | undefined): number {
  const parsed = value === undefined ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** Decodes (part of) the audio to nowhere and returns how many seconds came out. */
async function decodedSeconds(
  input: FfmpegInput,
  range: { from?: number; length?: number },
  timeoutMs: number,
): Promise<number> {
  const args = ["-nostdin", "-hide_banner", "-v", "error"];
  if (range.from) args.push("-ss", range.from.toFixed(3));
  args.push(...input.args, "-vn", "-sn", "-dn");
  if (range.length) args.push("-t", range.length.toFixed(3));
  args.push("-f", "null", "-progress", "pipe:1", "-nostats", "-");
  const { stdout } = await runCommand("ffmpeg", args, { timeoutMs, installHint: FFMPEG_HINT, env: input.env });
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)];
  const last = times.at(-1);
  return last ? Number(last[1]) / 1_000_000 : 0;
}

function describeContainer(
  formatName: string,
  codecs: string[],
  hasVideo: boolean,
): { container: string; mimeType: string; extension: string } | null {
  const names = formatName.split(",");
  if (names.includes("mp3")) return { container: "mp3", mimeType: "audio/mpeg", extension: "mp3" };
  if (names.includes("wav")) return { container: "wav", mimeType: "audio/wav", extension: "wav" };
  if (names.includes("flac")) return { container: "flac", mimeType: "audio/flac", extension: "flac" };
  if (names.includes("ogg")) return { container: "ogg", mimeType: "audio/ogg", extension: "ogg" };
  if (names.includes("mp4") || names.includes("mov")) {
    return hasVideo
      ? { container: "mp4", mimeType: "video/mp4", extension: "mp4" }
      : { container: "mp4", mimeType: "audio/mp4", extension: "m4a" };
  }
  if (names.includes("matroska") || names.includes("webm")) {
    // ffmpeg reads both with one demuxer; WebM is the Matroska subset with these codecs only.
    if (codecs.every((codec) => WEBM_CODECS.has(codec))) {
      return hasVideo
        ? { container: "webm", mimeType: "video/webm", extension: "webm" }
        : { container: "webm", mimeType: "audio/webm", extension: "webm" };
    }
    return hasVideo
      ? { container: "matroska", mimeType: "video/x-matroska", extension: "mkv" }
      : { container: "matroska", mimeType: "audio/x-matroska", extension: "mka" };
  }
  return null;
}

/** Formats ffmpeg knows that are not media a person would upload as a recording. */
const NOT_MEDIA_FORMATS =
  /^(tty|image2|.*_pipe|lrc|srt|ass|webvtt|subviewer.*|jacosub|mpl2|pjs|realtext|sami|stl|microdvd|vplayer|bin|xbin|idf|adf)$/;

/**
 * Reads what the file really is, from its content (never its name), and checks that it is whole audio we can
 * transcribe. Throws `UnsupportedMediaError` with a message for the user otherwise. `file` is a path, or bytes
 * that ffmpeg reads over loopback (an upload sealed into encrypted storage as it arrived).
 */
export async function probeAudio(
  file: MediaSource,
  options: { fullCheckMaxSeconds?: number } = {},
): Promise<AudioProbe> {
  const fullCheckMaxSeconds = options.fullCheckMaxSeconds ?? FULL_CHECK_MAX_SECONDS;
  if (typeof file === "string") {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile() || stat.size === 0) reject("empty");
  } else if (file.bytes === 0) reject("empty");

  return withInput(file, async (input) => {
    const probe = await runCommand(
      "ffprobe",
      ["-hide_banner", "-v", "error", "-of", "json", "-show_format", "-show_streams", ...input.args],
      { timeoutMs: PROBE_TIMEOUT_MS, installHint: FFMPEG_HINT, env: input.env },
    );
    if (probe.code !== 0) {
      // An MP4/M4A whose index never arrived (an interrupted upload or recording).
      if (/moov atom not found/i.test(probe.stderr)) reject("damaged");
      reject("not-audio");
    }
    let parsed: z.infer<typeof FfprobeSchema>;
    try {
      parsed = FfprobeSchema.parse(JSON.parse(probe.stdout));
    } catch {
      reject("not-audio");
    }
    if (!parsed.format) reject("not-audio");

    const audio = parsed.streams.filter((stream) => stream.codec_type === "audio");
    const video = parsed.streams.filter((stream) => stream.codec_type === "video" && !stream.disposition?.attached_pic);
    const formatName = parsed.format.format_name;
    const codecs = [...audio, ...video].map((stream) => stream.codec_name ?? "unknown");
    const kind = describeContainer(formatName, codecs, video.length > 0);
    if (!kind) {
      if (audio.length === 0 || NOT_MEDIA_FORMATS.test(formatName)) reject("not-audio");
      const label = formatName.split(",")[0].toUpperCase();
      throw new UnsupportedMediaError(unsupportedFormatMessage(label), "unsupported-format");
    }
    if (audio.length === 0) reject("no-audio-track");

    const stated = seconds(parsed.format.duration) || seconds(audio[0].duration);
    let durationSeconds: number;
    if (!(stated > fullCheckMaxSeconds)) {
      // Short enough to decode in full (an hour of MP3 decodes in about a second): this proves the file is whole
      // and measures recordings whose header has no length (browser recordings in WebM).
      const decoded = await decodedSeconds(input, {}, 5 * 60_000);
      if (decoded <= 0.01) reject(Number.isNaN(stated) || stated === 0 ? "no-duration" : "damaged");
      if (stated > 0 && decoded < stated * DURATION_TOLERANCE - 1) reject("damaged");
      durationSeconds = decoded;
    } else {
      // Long files: the first seconds must decode, and so must most of the last 30 s (a cut file has nothing
      // there). The 20 s of slack is for lengths that are estimates (MP3s without an index).
      const head = await decodedSeconds(input, { length: 10 }, 60_000);
      // The tail is decoded to the very end: audio past the stated length means the header understates it (an
      // MP3 carrying the Xing header of a shorter file, so it would be charged less), and then the whole file is
      // measured. The job charges what it decodes in any case; this keeps the upload's check honest too.
      const tail = await decodedSeconds(input, { from: Math.max(0, stated - 30) }, 5 * 60_000);
      if (head < 1 || tail < 10) reject("damaged");
      durationSeconds = tail > 30 + UNDERSTATED_SLACK_SECONDS ? await decodedSeconds(input, {}, 15 * 60_000) : stated;
    }
    return { ...kind, codec: audio[0].codec_name ?? "unknown", durationSeconds };
  });
}

/** ffmpeg's output options for what the engines take: the audio only, 16 kHz mono signed 16-bit PCM. */
const SPEECH_PCM_OUTPUT = ["-vn", "-sn", "-dn", "-ac", "1", "-ar", String(SPEECH_SAMPLE_RATE), "-c:a", "pcm_s16le"];

/**
 * Decodes any accepted file to what the engines take: 16 kHz mono signed 16-bit PCM WAV. ffmpeg streams from
 * file to file; nothing passes through Node's memory. The file appears at `outputPath` only when complete.
 */
export async function decodeToWav(
  source: MediaSource,
  outputPath: string,
  options: { signal?: AbortSignal; timeoutMs?: number; span?: { from: number; to: number } } = {},
): Promise<void> {
  const partial = `${outputPath}.part`;
  const { span } = options;
  // Only `span` of it (seconds): the audio of an edited stretch of a transcript, to align its words.
  const seek = span ? ["-ss", Math.max(0, span.from).toFixed(3)] : [];
  const length = span ? ["-t", Math.max(0, span.to - span.from).toFixed(3)] : [];
  try {
    await withInput(source, async (input) => {
      const result = await runCommand(
        "ffmpeg",
        [
          "-nostdin",
          "-hide_banner",
          "-v",
          "error",
          "-y",
          ...seek,
          ...input.args,
          ...length,
          ...SPEECH_PCM_OUTPUT,
          // A plain 44-byte header: no metadata chunks.
          "-map_metadata",
          "-1",
          "-fflags",
          "+bitexact",
          "-flags:a",
          "+bitexact",
          "-f",
          "wav",
          partial,
        ],
        { timeoutMs: options.timeoutMs ?? 60 * 60_000, signal: options.signal, installHint: FFMPEG_HINT },
      );
      if (result.code !== 0) {
        throw new TranscriptionError(
          `ffmpeg could not decode ${typeof source === "string" ? path.basename(source) : "the recording"} (exit ${result.code}): ${result.stderr.trim().slice(-500)}`,
        );
      }
    });
    await fs.promises.rename(partial, outputPath);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/**
 * The length of the decoded audio in seconds: one decoding pass to nowhere, so it is what the engine will get,
 * whatever the file's header claims. It is what is charged (ADR 018).
 */
export function decodedDurationSeconds(file: MediaSource): Promise<number> {
  // As long as the probe's whole-file check allows: decoding runs hundreds of times faster than real time.
  return withInput(file, (input) => decodedSeconds(input, {}, 15 * 60_000));
}

/** How long ffmpeg may go without output, while it is being waited for, before it is taken for stuck. */
const DECODE_STALL_MS = 5 * 60_000;

/**
 * Decodes any accepted file to raw 16 kHz mono signed 16-bit little-endian PCM (the samples decodeToWav writes),
 * streamed: ffmpeg decodes in one continuous pass into a pipe, and the caller takes the bytes in pieces as it
 * goes, so the decoded audio never exists whole, on disk or in memory. While the caller is busy (an engine on a
 * chunk), ffmpeg waits, blocked on the full pipe: it never runs ahead by more than the pipe holds.
 * An abort kills ffmpeg at once, and so does leaving the loop early or ffmpeg going `stallTimeoutMs` without
 * output while it is waited for. A file ffmpeg cannot read fails at the end, with its reason.
 */
export async function* decodeSpeechPcm(
  source: MediaSource,
  options: { signal?: AbortSignal; stallTimeoutMs?: number; name?: string } = {},
): AsyncGenerator<Buffer> {
  const { signal } = options;
  const stallTimeoutMs = options.stallTimeoutMs ?? DECODE_STALL_MS;
  signal?.throwIfAborted();
  const { input, close } = await openInput(source);
  const args = [
    "-nostdin",
    "-hide_banner",
    "-v",
    "error",
    ...input.args,
    ...SPEECH_PCM_OUTPUT,
    "-f",
    "s16le",
    "pipe:1",
  ];
  const child = spawnChild("ffmpeg", args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: input.env,
  }) as ChildProcessByStdio<null, Readable, Readable>;
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-2000)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  exited.catch(() => {}); // awaited below; this keeps an early failure from counting as unhandled meanwhile
  const kill = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", kill, { once: true });
  let stalled = false;
  try {
    const pieces = child.stdout[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      const timer = setTimeout(() => {
        stalled = true;
        kill();
      }, stallTimeoutMs);
      let next: IteratorResult<Buffer>;
      try {
        next = await pieces.next();
      } finally {
        clearTimeout(timer);
      }
      if (next.done) break;
      signal?.throwIfAborted();
      yield next.value;
    }
    const code = await exited.catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT"
        ? new ProgramNotInstalledError(`ffmpeg is not installed: install ${FFMPEG_HINT}.`)
        : error;
    });
    signal?.throwIfAborted();
    const name = options.name ?? (typeof source === "string" ? path.basename(source) : "the recording");
    if (stalled) {
      const seconds = Math.round(stallTimeoutMs / 1000);
      throw new TranscriptionError(`ffmpeg produced no audio from ${name} for ${seconds} s and was stopped.`);
    }
    if (code !== 0)
      throw new TranscriptionError(`ffmpeg could not decode ${name} (exit ${code}): ${stderr.trim().slice(-500)}`);
  } finally {
    signal?.removeEventListener("abort", kill);
    if (child.exitCode === null && child.signalCode === null) kill();
    child.stdout.destroy();
    await close();
  }
}

/** ffmpeg decoding a live recording as it arrives: write the browser's chunks to stdin, read PCM from stdout. */
export type LiveDecoder = ChildProcessByStdio<Writable, Readable, null>;

/**
 * Starts one ffmpeg that decodes whatever is written to its stdin (MediaRecorder's WebM/MP4/Ogg/MP3 chunks, in
 * order) to 16 kHz mono signed 16-bit PCM, passed to the `onPcm` listeners as it comes. `done` resolves when it
 * has exited, for any reason: a decoder that dies (bad data) only ends live text, it never throws.
 */
export function startLiveDecoder(): {
  decoder: LiveDecoder;
  done: Promise<void>;
  onPcm: (listener: (chunk: Buffer) => void) => void;
} {
  const args = [
    "-nostdin",
    "-hide_banner",
    "-v",
    "error",
    "-i",
    "pipe:0",
    "-vn",
    "-ac",
    "1",
    "-ar",
    String(SPEECH_SAMPLE_RATE),
    "-f",
    "s16le",
    "pipe:1",
  ];
  const decoder = spawnChild("ffmpeg", args, { stdio: ["pipe", "pipe", "ignore"] }) as LiveDecoder;
  // A decoder that dies (bad data) only ends live text; the recording file is still written.
  decoder.stdin.on("error", () => {});
  const done = new Promise<void>((resolve) => {
    decoder.once("close", () => resolve());
    decoder.once("error", () => resolve());
  });
  return { decoder, done, onPcm: (listener) => decoder.stdout.on("data", listener) };
}
