// Every background job of the app, gathered from the domains that define them and started in one place
// (server.ts, `npm run worker` and the tests). The queue itself (platform/jobs.server) knows none of them.
import { loggerFor } from "~/config/logger.server";
import type PgBoss from "pg-boss";
import { billingJobs } from "~/modules/billing/billing-jobs.server";
import type { Database } from "~/modules/platform/database.server";
import { EMAIL_QUEUE, sendEmailJob } from "~/modules/platform/email.server";
import { deadLetterQueue, startQueue, stopQueue } from "~/modules/platform/jobs.server";
import { deleteExpiredSessionsJob } from "~/modules/platform/session.server";
import { scheduledBackupJob } from "~/modules/platform/backup.server";
import { sweepStoredFilesJob } from "~/modules/recordings/stored-files.server";
import { transcriptionJobs } from "~/modules/pipeline/transcription-job.server";
import { translationJob } from "~/modules/transcripts/translation-job.server";
import { realignmentJob } from "~/modules/transcripts/realign-job.server";
import { privacyJobs } from "~/modules/privacy/jobs.server";
import { configuredMailTransport, type MailTransport } from "~/services/email/index.server";
import { unloadWhisperModels } from "~/services/transcription/whisper.server";
import { sealClearWebhookSecrets, webhookJob } from "~/modules/webhooks/webhooks.server";
import { deleteExpiredIdempotentRequestsJob } from "~/modules/developers/idempotency.server";
import { expireAuditDetailsJob } from "~/modules/audit/audit.server";

export { enqueueEmail } from "~/modules/platform/email.server";
export { getJob } from "~/modules/platform/jobs.server";
export { recoverStalledTranscriptions } from "~/modules/pipeline/transcription-job.server";

export const QUEUES = { sendEmail: EMAIL_QUEUE, sendEmailDead: deadLetterQueue(EMAIL_QUEUE) } as const;

export interface StartJobsOptions {
  /** Run handlers in this process (the in-process worker or `npm run worker`). */
  work: boolean;
  /** How often idle workers look for jobs. */
  pollingIntervalSeconds?: number;
  /** Where emails go; defaults to the configured transport. */
  mailTransport?: MailTransport;
}

export function startJobs(database: Database, options: StartJobsOptions): Promise<PgBoss> {
  const jobs = [
    sendEmailJob(options.mailTransport ?? configuredMailTransport()),
    deleteExpiredSessionsJob,
    ...transcriptionJobs,
    translationJob,
    realignmentJob,
    sweepStoredFilesJob,
    ...billingJobs,
    ...privacyJobs,
    webhookJob,
    deleteExpiredIdempotentRequestsJob,
    expireAuditDetailsJob,
    scheduledBackupJob(),
  ];
  const queue = startQueue(database, {
    work: options.work,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    jobs,
  });
  if (!options.work) return queue;
  // Endpoints made before signing secrets were sealed: sealed once, where the work runs, before it starts (ADR 026).
  return queue.then(async (boss) => {
    await sealClearWebhookSecrets().catch((error) =>
      loggerFor("jobs").error({ err: error }, "sealing webhook secrets failed"),
    );
    return boss;
  });
}

export async function stopJobs() {
  await stopQueue();
  // whisper.cpp models hold hundreds of MB outside the JS heap.
  await unloadWhisperModels();
}
