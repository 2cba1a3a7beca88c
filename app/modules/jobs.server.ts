// Every background job of the app, gathered from the domains that define them and started in one place
// (server.ts, `npm run worker` and the tests). The queue itself (platform/jobs.server) knows none of them.
import type PgBoss from "pg-boss";
import { billingJobs } from "~/modules/billing/billing-jobs.server";
import type { Database } from "~/modules/platform/database.server";
import { EMAIL_QUEUE, sendEmailJob } from "~/modules/platform/email.server";
import { deadLetterQueue, startQueue, stopQueue } from "~/modules/platform/jobs.server";
import { deleteExpiredSessionsJob } from "~/modules/platform/session.server";
import { sweepStoredFilesJob } from "~/modules/recordings/stored-files.server";
import { transcriptionJobs } from "~/modules/pipeline/transcription-job.server";
import { translationJob } from "~/modules/transcripts/translation-job.server";
import { realignmentJob } from "~/modules/transcripts/realign-job.server";
import { privacyJobs } from "~/modules/privacy/jobs.server";
import { configuredMailTransport, type MailTransport } from "~/services/email/index.server";
import { unloadWhisperModels } from "~/services/transcription/whisper.server";
import { webhookJob } from "~/modules/webhooks/webhooks.server";
import { deleteExpiredIdempotentRequestsJob } from "~/modules/developers/idempotency.server";

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
  ];
  return startQueue(database, { work: options.work, pollingIntervalSeconds: options.pollingIntervalSeconds, jobs });
}

export async function stopJobs() {
  await stopQueue();
  // whisper.cpp models hold hundreds of MB outside the JS heap.
  await unloadWhisperModels();
}
