import PgBoss from "pg-boss";
import type { Database } from "./database.server";
import { configuredMailTransport, type MailTransport } from "~/services/email/index.server";
import { EmailMessageSchema, type EmailMessage } from "./email.server";
import { deleteExpiredSessions } from "./session.server";
import { unloadWhisperModels } from "~/services/transcription/whisper.server";
import { abandonTranscription, runTranscription, stalledTranscriptionJobs } from "./transcription-job.server";
import { runTranslation } from "./translation-job.server";
import { existingSingleton, singleton, takeSingleton } from "./singleton.server";
import { sweepStoredFiles } from "./stored-files.server";

/** Queue names. A job that fails every retry moves to its dead-letter queue and stays there for inspection. */
export const QUEUES = {
  sendEmail: "send-email",
  sendEmailDead: "send-email-dead",
  deleteExpiredSessions: "delete-expired-sessions",
  transcribe: "transcribe",
  transcribeDead: "transcribe-dead",
  recoverStalledTranscriptions: "recover-stalled-transcriptions",
  translate: "translate",
  translateDead: "translate-dead",
  sweepStoredFiles: "sweep-stored-files",
} as const;

const EMAIL_RETRIES = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };
// A crashed worker is noticed by its stale heartbeat (recover-stalled-transcriptions), not by this expiry,
// which only bounds a job that hangs while its worker lives.
export const TRANSCRIBE_RETRIES = { retryLimit: 2, retryDelay: 5, expireInSeconds: 6 * 60 * 60 };
// Translation has no heartbeat: a job whose worker died expires after 30 minutes and is retried.
const TRANSLATE_RETRIES = { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 };

export interface StartJobsOptions {
  /** Run handlers in this process (the in-process worker or `npm run worker`). */
  work: boolean;
  /** How often idle workers look for jobs. */
  pollingIntervalSeconds?: number;
  /** Where emails go; defaults to the configured transport. */
  mailTransport?: MailTransport;
}

const BOSS = "pg-boss";

export function startJobs(database: Database, options: StartJobsOptions): Promise<PgBoss> {
  return singleton(BOSS, async () => {
    const boss = new PgBoss({
      ...database.queue,
      // Maintenance (expiry, archiving) runs from one place: the process that works jobs.
      supervise: options.work,
      schedule: options.work,
    });
    boss.on("error", (error) => console.error("[jobs]", error));
    await boss.start();
    await ensureQueue(boss, { name: QUEUES.sendEmailDead });
    await ensureQueue(boss, { name: QUEUES.sendEmail, ...EMAIL_RETRIES, deadLetter: QUEUES.sendEmailDead });
    await ensureQueue(boss, { name: QUEUES.deleteExpiredSessions, retryLimit: 2 });
    await ensureQueue(boss, { name: QUEUES.transcribeDead });
    await ensureQueue(boss, { name: QUEUES.transcribe, ...TRANSCRIBE_RETRIES, deadLetter: QUEUES.transcribeDead });
    await ensureQueue(boss, { name: QUEUES.recoverStalledTranscriptions, retryLimit: 0 });
    await ensureQueue(boss, { name: QUEUES.translateDead });
    await ensureQueue(boss, { name: QUEUES.translate, ...TRANSLATE_RETRIES, deadLetter: QUEUES.translateDead });
    await ensureQueue(boss, { name: QUEUES.sweepStoredFiles, retryLimit: 1, expireInSeconds: 60 * 60 });
    if (options.work) await registerWorkers(boss, options.pollingIntervalSeconds ?? 2, options.mailTransport ?? configuredMailTransport());
    return boss;
  });
}

/** createQueue leaves an existing queue as it was; updateQueue brings its policy up to date. */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue) {
  await boss.createQueue(queue.name, queue);
  await boss.updateQueue(queue.name, queue);
}

async function registerWorkers(boss: PgBoss, pollingIntervalSeconds: number, transport: MailTransport) {
  await boss.work<EmailMessage>(QUEUES.sendEmail, { pollingIntervalSeconds }, async ([job]) =>
    transport.send(EmailMessageSchema.parse(job.data)),
  );
  await boss.work(QUEUES.deleteExpiredSessions, { pollingIntervalSeconds }, async () => deleteExpiredSessions());
  // Every hour, on one worker (pg-boss keeps schedules in the database).
  await boss.schedule(QUEUES.deleteExpiredSessions, "17 * * * *");

  // Speech recognition is CPU-bound: one file at a time per worker process.
  await boss.work<{ recordingId: string }>(QUEUES.transcribe, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) =>
    runTranscription(job.data.recordingId, { finalAttempt: job.retryCount >= job.retryLimit }),
  );
  await boss.work<{ recordingId: string; language: string }>(QUEUES.translate, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) =>
    runTranslation(job.data, { finalAttempt: job.retryCount >= job.retryLimit }),
  );
  await boss.work(QUEUES.recoverStalledTranscriptions, { pollingIntervalSeconds }, async () => recoverStalledTranscriptions());
  await boss.schedule(QUEUES.recoverStalledTranscriptions, "* * * * *");
  // Stored files and recordings out of step (a crash between storing and the row): hourly, on one worker.
  await boss.work(QUEUES.sweepStoredFiles, { pollingIntervalSeconds }, async () => {
    const { deletedFiles, missingFiles } = await sweepStoredFiles();
    if (deletedFiles.length || missingFiles.length) {
      console.info(`[jobs] storage sweep: ${deletedFiles.length} orphaned file(s) deleted, ${missingFiles.length} recording(s) missing their file`);
    }
  });
  await boss.schedule(QUEUES.sweepStoredFiles, "41 * * * *");
  await boss.send(QUEUES.recoverStalledTranscriptions, {});
}

/** Queues a recording's transcription (one job per recording at a time). Returns the job id. */
export async function enqueueTranscription(recordingId: string): Promise<string> {
  const id = await (await getBoss()).send(QUEUES.transcribe, { recordingId }, TRANSCRIBE_RETRIES);
  if (!id) throw new Error("The transcription job was not queued.");
  return id;
}

/** Queues a transcript's translation into one language. */
export async function enqueueTranslation(recordingId: string, language: string): Promise<void> {
  const id = await (await getBoss()).send(QUEUES.translate, { recordingId, language }, TRANSLATE_RETRIES);
  if (!id) throw new Error("The translation job was not queued.");
}

/** Fails the jobs of workers that stopped sending heartbeats, so that pg-boss retries them elsewhere. */
export async function recoverStalledTranscriptions(now = new Date()) {
  const boss = await getBoss();
  const jobIds = await stalledTranscriptionJobs(now);
  for (const jobId of jobIds) {
    await boss.fail(QUEUES.transcribe, jobId, { reason: "worker stopped" });
    // With no retries left the job is over: its recording must not stay queued, holding minutes, for ever.
    const job = await boss.getJobById<{ recordingId: string }>(QUEUES.transcribe, jobId);
    if (job?.state === "failed") await abandonTranscription(job.data.recordingId);
  }
  return jobIds;
}

export async function cancelTranscriptionJob(jobId: string) {
  await (await getBoss()).cancel(QUEUES.transcribe, jobId);
}

async function getBoss(): Promise<PgBoss> {
  const boss = existingSingleton<Promise<PgBoss>>(BOSS);
  if (!boss) throw new Error("Jobs are not started: call startJobs() at start-up.");
  return boss;
}

/** Queues an email; a worker sends it with retries. Returns the job id. */
export async function enqueueEmail(message: EmailMessage, options: PgBoss.SendOptions = {}): Promise<string> {
  const boss = await getBoss();
  const id = await boss.send(QUEUES.sendEmail, EmailMessageSchema.parse(message), options);
  if (!id) throw new Error("The email job was not queued.");
  return id;
}

export async function getJob(queue: string, id: string) {
  return (await getBoss()).getJobById(queue, id);
}

export async function stopJobs() {
  const boss = takeSingleton<Promise<PgBoss>>(BOSS);
  if (!boss) return;
  // Graceful: running handlers finish first. The database itself is closed by its owner afterwards.
  await (await boss).stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  // whisper.cpp models hold hundreds of MB outside the JS heap.
  await unloadWhisperModels();
}
