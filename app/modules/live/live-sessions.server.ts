// Live recording from the dashboard. The browser posts its MediaRecorder output once a second; each chunk is
// appended to the recording file and piped into one ffmpeg per session that decodes it to 16 kHz PCM as it
// arrives. A transcription pass runs the configured engine on the audio after the last committed utterance:
// utterances that ended more than a second before the end are committed (fixed), the rest is shown as
// provisional and transcribed again with more audio. On finish the whole file becomes a recording like an upload
// (checked, stored, transcribed in full, charged). A session lives in the memory of the web process that started it
// (its decoder, its audio); the database names that process (LiveSessionHost), and a request for the session that
// lands on another web process is forwarded to it (live-forwarding.server.ts, ADR 028).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { configuredLanguageClaims } from "~/modules/engines/language-claims.server";
import {
  configuredTranscriber,
  UnsupportedLanguageError,
  EngineUnavailableError,
} from "~/services/transcription/index.server";
import { startLiveDecoder, type LiveDecoder } from "~/services/transcription/audio.server";
import { SPEECH_SAMPLE_RATE, writeWav } from "~/services/transcription/wav.server";
import { db } from "~/modules/platform/database.server";
import { dataDir, internalOrigin } from "~/config/env.server";
import { RecordingError } from "~/modules/recordings/ownership.server";
import { acceptUploadedFile, uploadLimitBytes } from "~/modules/recordings/upload.server";
import { allowanceFor } from "~/modules/usage/usage.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("live");

/** New audio needed before another pass. */
const MIN_PASS_SECONDS = 2;
/** An utterance is committed once it ended this long before the audio received so far. */
const HOLD_SECONDS = 1;
/** Audio before the committed point that each pass hears again, for context. */
const CONTEXT_SECONDS = 6;
/** A window that grew this long without an utterance ending is committed as it is. */
const MAX_WINDOW_SECONDS = 25;
/** A chunk of one second of compressed audio is a few KB; this is generous. */
export const MAX_CHUNK_BYTES = 2 * 1024 * 1024;
/**
 * Sessions nobody posted to for this long are discarded with their files and decoder. The browser posts every
 * second, so a minute of silence means the tab is gone.
 */
export const LIVE_IDLE_MS = 60_000;
/** How often idle sessions are looked for. */
const IDLE_CHECK_MS = 10_000;
/** Live recordings one user may run at once; each holds an ffmpeg process and buffered audio. */
export const MAX_LIVE_SESSIONS_PER_USER = 2;

export const LIVE_MIME_TYPES = ["audio/webm", "audio/mp4", "audio/mpeg", "audio/ogg"] as const;

export const StartLiveSchema = z.object({
  mimeType: z
    .string({ error: "mimeType is required" })
    .transform((value) => value.split(";")[0].trim().toLowerCase())
    .refine(
      (value): value is (typeof LIVE_MIME_TYPES)[number] => (LIVE_MIME_TYPES as readonly string[]).includes(value),
      "The recording format must be WEBM, MP4, MPEG or OGG audio.",
    ),
  language: z
    .string()
    .default("auto")
    .refine(
      (value) => value === "auto" || configuredLanguageClaims().spoken.some((language) => language.value === value),
      "Choose a language from the list, or auto-detect.",
    ),
  liveTranscription: z.boolean().default(true),
  translateTo: z
    .string()
    .regex(/^[a-z]{2}$/, "Choose a language to translate into.")
    .optional(),
});

export interface LiveSegment {
  start: number;
  end: number;
  text: string;
}

export interface LiveState {
  /** Chunks received so far; the next chunk's index. */
  received: number;
  /** Committed utterances from `since` on. */
  segments: LiveSegment[];
  /** Text of the audio after the last committed utterance; it may still change. */
  provisional: string;
  /** Seconds of audio decoded so far. */
  seconds: number;
  /** Why live text stopped (the recording itself continues). */
  transcriptionError: string | null;
}

interface LiveSession {
  id: string;
  userId: string;
  directory: string;
  recordingPath: string;
  extension: string;
  language: string;
  translateTo?: string;
  liveTranscription: boolean;
  maxBytes: number;
  bytes: number;
  received: number;
  /** Null when live text is off or stopped: then no PCM is kept at all. */
  decoder: LiveDecoder | null;
  decoderDone: Promise<void>;
  pcm: Buffer[];
  pcmSamples: number;
  /** Time of the first sample still in `pcm`. */
  pcmStartSeconds: number;
  committedSeconds: number;
  segments: LiveSegment[];
  provisional: string;
  pass: Promise<void> | null;
  transcriptionError: string | null;
  lastActivity: number;
  /** When its LiveSessionHost row was last marked alive. */
  hostRefreshedAt: number;
}

const sessions = new Map<string, LiveSession>();

const EXTENSIONS: Record<(typeof LIVE_MIME_TYPES)[number], string> = {
  "audio/webm": "webm",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
};

function expireIdleSessions() {
  const now = Date.now();
  for (const session of sessions.values()) if (now - session.lastActivity > LIVE_IDLE_MS) void discard(session);
}

/** The idle check runs on a timer while any session exists (unref'd: it never keeps the process alive). */
let idleTimer: NodeJS.Timeout | null = null;
function watchIdleSessions() {
  if (idleTimer) return;
  idleTimer = setInterval(() => {
    expireIdleSessions();
    if (sessions.size === 0 && idleTimer) {
      clearInterval(idleTimer);
      idleTimer = null;
    }
  }, IDLE_CHECK_MS);
  idleTimer.unref();
}

/** Ends every session (at shutdown): no decoder outlives the server, and no live folder is left. */
export async function discardAllLiveSessions() {
  await Promise.all([...sessions.values()].map((session) => discard(session)));
}

async function discard(session: LiveSession) {
  sessions.delete(session.id);
  await forgetHost(session.id);
  session.decoder?.kill("SIGKILL");
  await session.pass?.catch(() => {});
  await fs.promises.rm(session.directory, { recursive: true, force: true });
}

/** How often a running session's row is marked as alive (a write every chunk would be one a second). */
const HOST_REFRESH_MS = 10_000;

async function forgetHost(id: string) {
  await (await db()).liveSessionHost.deleteMany({ where: { id } }).catch((error: unknown) => {
    log.error({ err: error }, "Could not remove a live session's host row");
  });
}

/**
 * The address of the web process holding live session `id`, when it is another process; null when this process
 * holds it or nobody does (then the request is answered here: the session, or its 404).
 */
export async function liveSessionHost(id: string): Promise<string | null> {
  if (sessions.has(id)) return null;
  const host = await (
    await db()
  ).liveSessionHost.findFirst({
    where: { id, lastSeenAt: { gt: new Date(Date.now() - LIVE_IDLE_MS) } },
    select: { hostUrl: true },
  });
  return host && host.hostUrl !== internalOrigin() ? host.hostUrl : null;
}

/** Starts a live session for a signed-in user with minutes left. */
export async function startLiveSession(
  userId: string,
  input: z.infer<typeof StartLiveSchema>,
): Promise<{ id: string; maxBytes: number }> {
  expireIdleSessions();
  const user = await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  const allowance = await allowanceFor(userId, user.plan);
  if (allowance.secondsLeft !== null && allowance.secondsLeft <= 0) {
    throw new RecordingError(
      `You have no minutes left this ${allowance.periodUnit} on the ${allowance.planName} plan.`,
      403,
    );
  }
  // Counted in the database, so sessions held by other web processes count too. Sessions registered here but not
  // yet written (a parallel start on this process) are added, so parallel starts here cannot all pass.
  const id = crypto.randomUUID().replace(/-/g, "");
  const elsewhere = await (
    await db()
  ).liveSessionHost.count({
    where: { userId, hostUrl: { not: internalOrigin() }, lastSeenAt: { gt: new Date(Date.now() - LIVE_IDLE_MS) } },
  });
  const running = elsewhere + [...sessions.values()].filter((session) => session.userId === userId).length;
  if (running >= MAX_LIVE_SESSIONS_PER_USER) {
    throw new RecordingError(
      `You already have ${running} live recordings running, the most at once. Stop one (or close its tab and wait a minute) before starting another.`,
      429,
    );
  }
  const directory = dataDir("live", id);
  const extension = EXTENSIONS[input.mimeType];
  const decoding = input.liveTranscription ? startLiveDecoder() : null;
  const session: LiveSession = {
    id,
    userId,
    directory,
    recordingPath: path.join(directory, `recording.${extension}`),
    extension,
    language: input.language,
    translateTo: input.translateTo,
    liveTranscription: input.liveTranscription,
    maxBytes: uploadLimitBytes(user.plan),
    bytes: 0,
    received: 0,
    decoder: decoding?.decoder ?? null,
    decoderDone: decoding?.done ?? Promise.resolve(),
    pcm: [],
    pcmSamples: 0,
    pcmStartSeconds: 0,
    committedSeconds: 0,
    segments: [],
    provisional: "",
    pass: null,
    transcriptionError: null,
    lastActivity: Date.now(),
    hostRefreshedAt: Date.now(),
  };
  decoding?.onPcm((chunk) => {
    // Older samples are dropped as the committed point moves on (advance), so memory stays flat.
    session.pcm.push(chunk);
    session.pcmSamples += chunk.length / 2;
  });
  sessions.set(id, session);
  watchIdleSessions();
  try {
    await (await db()).liveSessionHost.create({ data: { id, userId, hostUrl: internalOrigin() } });
    await fs.promises.mkdir(directory, { recursive: true });
    await fs.promises.writeFile(session.recordingPath, "");
  } catch (error) {
    await discard(session);
    throw error;
  }
  return { id, maxBytes: session.maxBytes };
}

function ownSession(userId: string, id: string): LiveSession {
  const session = sessions.get(id);
  if (!session || session.userId !== userId)
    throw new RecordingError("This live recording is not running (it may have expired).", 404);
  return session;
}

function state(session: LiveSession, since: number): LiveState {
  return {
    received: session.received,
    segments: session.segments.slice(Math.max(0, since)),
    provisional: session.provisional,
    seconds: session.pcmSamples / SPEECH_SAMPLE_RATE,
    transcriptionError: session.transcriptionError,
  };
}

/**
 * Appends chunk `index`. A repeated chunk (the browser retrying after a lost answer) is ignored; a gap is 409, so
 * the browser resends what is missing. Starts a transcription pass when enough new audio has arrived.
 */
export async function appendLiveChunk(
  userId: string,
  id: string,
  index: number,
  chunk: Buffer,
  since: number,
): Promise<LiveState> {
  const session = ownSession(userId, id);
  if (Date.now() - session.hostRefreshedAt > HOST_REFRESH_MS) {
    session.hostRefreshedAt = Date.now();
    await (await db()).liveSessionHost.updateMany({ where: { id }, data: { lastSeenAt: new Date() } });
  }
  session.lastActivity = Date.now();
  if (index < session.received) return state(session, since);
  if (index > session.received) throw new RecordingError(`Chunk ${session.received} is missing; send it first.`, 409);
  if (session.bytes + chunk.length > session.maxBytes) {
    throw new RecordingError(
      `The recording reached your plan's limit of ${Math.round(session.maxBytes / 1024 / 1024)} MB. Stop to save it.`,
      413,
    );
  }
  await fs.promises.appendFile(session.recordingPath, chunk);
  session.bytes += chunk.length;
  session.received += 1;
  if (session.decoder && !session.decoder.stdin.destroyed) session.decoder.stdin.write(chunk);
  nextPass(session);
  return state(session, since);
}

/** Starts a pass when live text is on, none is running and enough audio has arrived since the committed point. */
function nextPass(session: LiveSession) {
  if (!session.liveTranscription || session.pass || session.transcriptionError || !sessions.has(session.id)) return;
  const newSeconds = session.pcmSamples / SPEECH_SAMPLE_RATE - session.committedSeconds;
  if (newSeconds >= MIN_PASS_SECONDS) startPass(session, false);
}

function startPass(session: LiveSession, final: boolean) {
  session.pass = transcribePending(session, final)
    .catch((error: unknown) => {
      // Live text stops for good: no more decoding, and the PCM kept for it goes.
      session.decoder?.kill("SIGKILL");
      session.decoder = null;
      session.pcm = [];
      session.transcriptionError =
        error instanceof UnsupportedLanguageError || error instanceof EngineUnavailableError
          ? error.message
          : "Live transcription stopped working. The recording continues and is transcribed in full when you stop.";
      if (!(error instanceof UnsupportedLanguageError)) log.error({ err: error }, "Live transcription pass failed");
    })
    .finally(() => {
      session.pass = null;
      // Audio that arrived during the pass is not left waiting for the next chunk.
      if (!final) nextPass(session);
    });
}

/** Transcribes the audio after the committed point and commits the utterances that are over. */
async function transcribePending(session: LiveSession, final: boolean) {
  const pcm = Buffer.concat(session.pcm);
  // The window starts with up to CONTEXT_SECONDS of committed audio: engines normalise on what they hear first
  // (pocketsphinx's cepstral mean), and a window starting cold garbles its first words.
  const windowStart = session.pcmStartSeconds;
  const windowSeconds = pcm.length / 2 / SPEECH_SAMPLE_RATE;
  const windowEnd = windowStart + windowSeconds;
  const newFrom = session.committedSeconds - windowStart;
  if (windowEnd - session.committedSeconds < 0.3) {
    session.provisional = "";
    return;
  }
  const wavPath = path.join(os.tmpdir(), `voxlate-live-${session.id}-${crypto.randomUUID()}.wav`);
  let result;
  try {
    // A fresh array: the concatenated buffer may sit at an odd offset or hold half a sample at the end.
    const samples = new Int16Array(Math.floor(pcm.length / 2));
    Buffer.from(samples.buffer).set(pcm.subarray(0, samples.length * 2));
    await writeWav(wavPath, samples);
    result = await configuredTranscriber().engine.transcribe(wavPath, {
      language: session.language === "auto" ? undefined : session.language,
      speakerLabels: false,
    });
  } finally {
    await fs.promises.rm(wavPath, { force: true });
  }
  // Only utterances that start after the committed point are new; the context was committed before.
  const utterances = result.segments.filter((segment) => segment.text.trim() && segment.start >= newFrom - 0.1);
  const forced = final || windowSeconds - newFrom >= MAX_WINDOW_SECONDS;
  const over = forced ? utterances : utterances.filter((segment) => segment.end <= windowSeconds - HOLD_SECONDS);
  for (const segment of over)
    session.segments.push({
      start: windowStart + segment.start,
      end: windowStart + segment.end,
      text: segment.text.trim(),
    });
  let commitAt = session.committedSeconds;
  if (over.length) commitAt = windowStart + over[over.length - 1].end;
  // Silence: nothing to wait for, so the point moves on.
  else if (utterances.length === 0 && windowEnd - session.committedSeconds > 2 * HOLD_SECONDS + MIN_PASS_SECONDS)
    commitAt = windowEnd - HOLD_SECONDS;
  if (final) commitAt = windowEnd;
  session.provisional = utterances
    .slice(over.length)
    .map((segment) => segment.text.trim())
    .join(" ");
  advance(session, commitAt);
}

/** Moves the committed point and drops audio older than the context the next pass needs. */
function advance(session: LiveSession, commitAt: number) {
  if (commitAt <= session.committedSeconds) return;
  session.committedSeconds = commitAt;
  const keepFrom = Math.max(session.pcmStartSeconds, commitAt - CONTEXT_SECONDS);
  const dropSamples = Math.round((keepFrom - session.pcmStartSeconds) * SPEECH_SAMPLE_RATE);
  if (dropSamples <= 0) return;
  const all = Buffer.concat(session.pcm);
  session.pcm = [all.subarray(Math.min(all.length, dropSamples * 2))];
  session.pcmStartSeconds += dropSamples / SPEECH_SAMPLE_RATE;
}

/**
 * Stops the session: the last audio is decoded and transcribed, and the recording file is handed to the upload
 * path (format and length checks, minutes, storage, full transcription). The live text is returned too.
 */
export async function finishLiveSession(
  userId: string,
  id: string,
  title: string | undefined,
): Promise<{ recording: { id: string; title: string }; live: LiveState }> {
  const session = ownSession(userId, id);
  sessions.delete(id);
  await forgetHost(id);
  try {
    session.decoder?.stdin.end();
    await session.decoderDone;
    await session.pass?.catch(() => {});
    if (session.liveTranscription && !session.transcriptionError) {
      startPass(session, true);
      await session.pass;
    }
    if (session.bytes === 0) throw new RecordingError("Nothing was recorded.", 400);
    const fileName = `${title?.trim() || `Live recording ${new Date().toISOString().slice(0, 16).replace("T", " ")}`}.${session.extension}`;
    const fields: Record<string, string> = { language: session.language };
    if (session.translateTo) fields.translateTo = session.translateTo;
    const recording = await acceptUploadedFile(userId, { temporaryPath: session.recordingPath, fileName, fields });
    return { recording, live: state(session, 0) };
  } finally {
    session.decoder?.kill("SIGKILL");
    await fs.promises.rm(session.directory, { recursive: true, force: true });
  }
}

/** Discards a session and its audio (the user cancelled). */
export async function cancelLiveSession(userId: string, id: string) {
  await discard(ownSession(userId, id));
}
