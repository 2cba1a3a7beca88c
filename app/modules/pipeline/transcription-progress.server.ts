// What the transcript page says while a recording waits or is transcribed: its place in the queue and the time left,
// from the measured speed of the engine that runs it. Nothing here is a guess: without a measurement the page says
// "Estimating…" (timeLeft null).
import { Prisma } from "~/generated/prisma/client";
import { readSql } from "~/modules/platform/database.server";
import { selectedEngineName } from "~/services/transcription/index.server";

/** The job's own speed is trusted once it has run this long and got this far (download and decoding come first). */
const OWN_SPEED_AFTER_MS = 5_000;
const OWN_SPEED_AFTER_PERCENT = 10;
/** The progress the job reports when the download is done and the engine starts (transcription-job.server.ts). */
const ENGINE_STARTS_AT_PERCENT = 5;
/** How many recent transcripts the engine's speed is averaged over, and how far back they may be. */
const RECENT_JOBS = 10;
const RECENT_DAYS = 14;

export interface ProgressRecording {
  id: string;
  status: string;
  progress: number;
  durationSeconds: number;
  createdAt: Date;
  startedAt: Date | null;
}

export interface TranscriptionProgress {
  /** 1 for the next to start; null once it runs. */
  queuePosition: number | null;
  /** Seconds until the transcript is done; null while there is nothing to measure it by. */
  secondsLeft: number | null;
}

/** The share of the audio the engine has done, from the job's progress (0–100, the first 5 % being the download). */
export function audioDone(progress: number): number {
  return Math.min(1, Math.max(0, (progress - ENGINE_STARTS_AT_PERCENT) / (99 - ENGINE_STARTS_AT_PERCENT)));
}

/**
 * Seconds of audio per second of work: from this job's own progress over its running time once there is enough of
 * it, else from the engine's recently finished transcripts, else null.
 */
export function measuredSpeed(
  recording: ProgressRecording,
  recentSpeed: number | null,
  now: Date,
): { speed: number; source: "this job" | "recent jobs" } | null {
  if (recording.status === "PROCESSING" && recording.startedAt) {
    const elapsedMs = now.getTime() - recording.startedAt.getTime();
    const done = audioDone(recording.progress);
    if (elapsedMs >= OWN_SPEED_AFTER_MS && recording.progress >= OWN_SPEED_AFTER_PERCENT && done > 0)
      return { speed: (recording.durationSeconds * done) / (elapsedMs / 1000), source: "this job" };
  }
  return recentSpeed && recentSpeed > 0 ? { speed: recentSpeed, source: "recent jobs" } : null;
}

/** The engine's speed over its last finished transcripts: their audio over the time they took. */
async function recentEngineSpeed(engine: string): Promise<number | null> {
  const [row] = await readSql<{ audio: number | null; work: number | null }>(Prisma.sql`
    SELECT sum(r."durationSeconds")::float AS "audio",
           sum(EXTRACT(EPOCH FROM (r."completedAt" - r."startedAt")))::float AS "work"
    FROM (SELECT "durationSeconds", "startedAt", "completedAt" FROM "Recording"
          WHERE "status" = 'COMPLETED' AND "engine" = ${engine} AND "startedAt" IS NOT NULL
            AND "completedAt" > "startedAt" AND "completedAt" > now() - make_interval(days => ${RECENT_DAYS})
          ORDER BY "completedAt" DESC LIMIT ${RECENT_JOBS}) r`);
  return row?.audio && row.work ? row.audio / row.work : null;
}

/** The waiting recordings ahead of this one (first come, first served), and the audio still to do before it. */
async function queueAhead(recording: ProgressRecording) {
  const [row] = await readSql<{ ahead: number; queuedAudio: number | null }>(Prisma.sql`
    SELECT count(*)::int AS "ahead", sum(r."durationSeconds")::float AS "queuedAudio"
    FROM "Recording" r
    WHERE r."status" = 'QUEUED' AND (r."createdAt", r."id") < (${recording.createdAt}, ${recording.id})`);
  const running = await readSql<{ durationSeconds: number; progress: number }>(Prisma.sql`
    SELECT "durationSeconds", "progress" FROM "Recording" WHERE "status" = 'PROCESSING'`);
  const runningAudio = running.reduce((sum, job) => sum + job.durationSeconds * (1 - audioDone(job.progress)), 0);
  return { ahead: row?.ahead ?? 0, audioAhead: (row?.queuedAudio ?? 0) + runningAudio };
}

/** The queue position and time left of a recording that waits or is transcribed (null for any other). */
export async function transcriptionProgress(
  recording: ProgressRecording,
  now = new Date(),
): Promise<TranscriptionProgress | null> {
  if (recording.status !== "QUEUED" && recording.status !== "PROCESSING") return null;
  const recent = await recentEngineSpeed(selectedEngineName());
  const measured = measuredSpeed(recording, recent, now);
  if (recording.status === "PROCESSING") {
    const audioLeft = recording.durationSeconds * (1 - audioDone(recording.progress));
    return { queuePosition: null, secondsLeft: measured ? audioLeft / measured.speed : null };
  }
  const { ahead, audioAhead } = await queueAhead(recording);
  return {
    queuePosition: ahead + 1,
    secondsLeft: measured ? (audioAhead + recording.durationSeconds) / measured.speed : null,
  };
}
