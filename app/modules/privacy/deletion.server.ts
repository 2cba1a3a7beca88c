// Deleting data on request: one recording's audio (its transcript stays), every recording, or the whole account,
// at once or after a 7-day grace period that signing in cancels. Rows go first, in the request; stored files go in
// the same request when storage answers, and otherwise in the purge job's next run (with retries), so a deleted
// recording's file never outlives one job run.
import { appOrigin, getEnv } from "~/config/env.server";
import { RecordingStatus } from "~/generated/prisma/client";
import { AccountDeletionEmail } from "~/emails/account-deletion";
import { LIVE_STATUSES } from "~/modules/billing/catalog";
import { db } from "~/modules/platform/database.server";
import { sendNotice } from "~/modules/platform/email.server";
import { cancelJob, defineJob, deleteJobsMentioning, enqueue } from "~/modules/platform/jobs.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import { derivedAudioPrefix, userRecordingsPrefix } from "~/modules/recordings/stored-files.server";
import { cancelTranscriptionJob } from "~/modules/recordings/transcription-queue.server";
import { configuredPayments, PaymentError } from "~/services/payments/index.server";
import { configuredMailTransport } from "~/services/email/index.server";
import { configuredStorage } from "~/services/storage/index.server";
import type { FileStorage } from "~/services/storage/storage";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";
import { type AuditSource, eraseAuditPersonalData, recordAudit } from "~/modules/audit/audit.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { ACCOUNT_GRACE_DAYS, DAY_MS } from "./retention";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("privacy");

export const PURGE_QUEUE = "privacy-purge-files";
export const EXPORT_QUEUE = "privacy-data-export";
export const userExportsPrefix = (userId: string) => `exports/${userId}/`;

export interface PurgeRequest {
  keys?: string[];
  prefixes?: string[];
}

const ACTIVE: RecordingStatus[] = [RecordingStatus.QUEUED, RecordingStatus.PROCESSING];

/** Deletes stored objects by key and by prefix. Missing ones are fine: running it twice changes nothing. */
export async function purgeFiles(request: PurgeRequest, storage: FileStorage = configuredStorage()): Promise<number> {
  let deleted = 0;
  for (const key of request.keys ?? []) {
    await storage.delete(key);
    deleted++;
  }
  for (const prefix of request.prefixes ?? []) {
    // Listed first, deleted after: deleting while paging could skip objects.
    const keys: string[] = [];
    for await (const object of storage.list(prefix)) keys.push(object.key);
    for (const key of keys) await storage.delete(key);
    await storage.removeEmptyFolder?.(prefix);
    deleted += keys.length;
  }
  return deleted;
}

export const purgeFilesJob = defineJob<PurgeRequest>({
  queue: PURGE_QUEUE,
  policy: { retryLimit: 10, retryDelay: 60, retryBackoff: true },
  deadLetter: true,
  work: async ({ data }) => purgeFiles(data),
});

/** Deletes now when storage answers; otherwise the purge job retries until it does. */
async function purgeNowOrLater(request: PurgeRequest) {
  try {
    await purgeFiles(request);
  } catch (error) {
    log.error({ err: error }, "storage refused a deletion; the purge job will retry");
    await enqueue(PURGE_QUEUE, request);
  }
}

export const AUDIO_BUSY = "Wait until the transcript is finished (or cancel it) before deleting the audio.";

/** Deletes a recording's original audio; its transcript, translations and summary stay. */
export async function deleteRecordingAudio(userId: string, recordingId: string, source: AuditSource = {}) {
  const recording = await requireRecording(userId, recordingId, "delete");
  if (recording.audioDeletedAt) return;
  if (ACTIVE.includes(recording.status)) throw new RecordingError(AUDIO_BUSY, 409);
  const { count } = await (
    await db()
  ).recording.updateMany({
    where: { id: recordingId, audioDeletedAt: null, status: { notIn: ACTIVE } },
    data: { audioDeletedAt: new Date() },
  });
  if (count === 0) return;
  await purgeNowOrLater({ keys: [recording.storageKey], prefixes: [derivedAudioPrefix(recording.storageKey)] });
  await recordAudit({
    ...source,
    action: "audio.deleted",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: recording.title },
  });
}

/** Deletes every recording of the user (transcripts and all) and their files; cancels their running jobs. */
export async function deleteAllRecordings(userId: string, source: AuditSource = {}): Promise<number> {
  const database = await db();
  const recordings = await database.recording.findMany({
    where: { userId },
    select: { id: true, storageKey: true, status: true, jobId: true },
  });
  for (const recording of recordings) {
    if (recording.jobId && ACTIVE.includes(recording.status)) await cancelTranscriptionJob(recording.jobId);
  }
  const { count } = await database.recording.deleteMany({
    where: { userId, id: { in: recordings.map((recording) => recording.id) } },
  });
  await purgeNowOrLater({
    keys: recordings.map((recording) => recording.storageKey),
    prefixes: recordings.map((recording) => derivedAudioPrefix(recording.storageKey)),
  });
  await recordAudit({
    ...source,
    action: "recordings.deleted",
    actorId: userId,
    workspaceId: await personalWorkspaceId(userId),
    target: { kind: "recording", label: countOf(count, "recording") },
    detail: { count },
  });
  return count;
}

export const SUBSCRIPTION_NOT_CANCELLED =
  "We could not cancel your paid plan with Stripe just now, so nothing was deleted. Please try again in a minute.";

/** Ends a live paid subscription at once, so nothing is charged after the account is gone. */
async function cancelSubscription(userId: string) {
  const account = await (await db()).billingAccount.findUnique({ where: { userId } });
  if (!account?.subscriptionId || !account.subscriptionStatus || !LIVE_STATUSES.has(account.subscriptionStatus)) return;
  const payments = configuredPayments();
  if (!payments) {
    // Only a server whose Stripe key was removed gets here: the subscription cannot be reached from this server.
    log.error(`${userId} has a live subscription ${account.subscriptionId} but Stripe is not set up`);
    return;
  }
  try {
    await payments.cancelSubscriptionNow(account.subscriptionId);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    log.error(error.message);
    throw new ExpectedError(SUBSCRIPTION_NOT_CANCELLED, 502);
  }
}

/**
 * Deletes the account now: the paid plan is cancelled, pending jobs are cancelled, every row the account owns goes
 * (the database cascades from the user; the support chats, sign-up drafts and request records that outlive a user
 * are deleted by name), then its stored audio and exports, then every queued or finished job and every outbox
 * message that names the account's address, name or ids. Nothing is mailed about it: a message would keep the
 * address in the queue and the outbox after the account is gone, and the page already says it is done.
 */
export async function deleteAccountNow(userId: string): Promise<boolean> {
  const database = await db();
  const user = await database.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      recordings: { select: { id: true } },
      dataExports: { select: { id: true } },
      webhookEndpoints: { select: { id: true, deliveries: { select: { id: true } } } },
    },
  });
  if (!user) return false;
  await cancelSubscription(userId);
  const [recordings, exports] = await Promise.all([
    database.recording.findMany({ where: { userId, status: { in: ACTIVE } }, select: { jobId: true } }),
    database.dataExport.findMany({ where: { userId, status: { in: ["QUEUED", "RUNNING"] } }, select: { jobId: true } }),
  ]);
  for (const { jobId } of recordings) if (jobId) await cancelTranscriptionJob(jobId);
  for (const { jobId } of exports) if (jobId) await cancelJob(EXPORT_QUEUE, jobId);
  // The audit trail keeps its entries but forgets whose they were (ADR 036-audit): first, so that a failure stops
  // the deletion while it can still be asked again.
  const personal = await database.workspace.findUnique({ where: { personalOwnerId: userId }, select: { id: true } });
  await eraseAuditPersonalData({ userId, email: user.email, personalWorkspaceId: personal?.id });
  const email = { equals: user.email, mode: "insensitive" } as const;
  await database.$transaction([
    database.verification.deleteMany({ where: { OR: [{ userId }, { email }] } }),
    // The user's conversations, and one begun signed out in which they gave their address.
    database.chatSession.deleteMany({
      where: { OR: [{ userId }, { messages: { some: { content: { contains: user.email, mode: "insensitive" } } } }] },
    }),
    database.signupDraft.deleteMany({ where: { email } }),
    database.idempotentRequest.deleteMany({ where: { userId } }),
    database.liveSessionHost.deleteMany({ where: { userId } }),
    // Invitations to a team sent to this address or accepted by this account (ADR 035-teams): the rows keep an
    // address and an id without a foreign key.
    database.workspaceInvitation.deleteMany({ where: { OR: [{ email }, { acceptedById: userId }] } }),
    database.user.delete({ where: { id: userId } }),
  ]);
  // The payloads name these (emails: the address; transcription, translation: the recording; exports; webhooks).
  await deleteJobsMentioning([
    userId,
    user.email,
    ...user.recordings.map((recording) => recording.id),
    ...user.dataExports.map((dataExport) => dataExport.id),
    ...user.webhookEndpoints.flatMap((endpoint) => endpoint.deliveries.map((delivery) => delivery.id)),
  ]);
  await configuredMailTransport().forget?.([user.email, userId]);
  // After the jobs: a purge that has to wait for storage names the account's folders until it has run.
  await purgeNowOrLater({ prefixes: [userRecordingsPrefix(userId), userExportsPrefix(userId)] });
  // That an account went, and when; nothing about whose it was.
  await recordAudit({ action: "account.deleted", target: { kind: "user" }, ip: null, userAgent: null });
  return true;
}

/**
 * Schedules the account's deletion in ACCOUNT_GRACE_DAYS: every browser is signed out, and signing in again before
 * then cancels it (see `recordSignIn`). Returns when it will happen.
 */
export async function scheduleAccountDeletion(userId: string, source: AuditSource = {}, now = new Date()) {
  const database = await db();
  const when = new Date(now.getTime() + ACCOUNT_GRACE_DAYS * DAY_MS);
  const user = await database.user.update({
    where: { id: userId },
    data: { deletionScheduledAt: when },
    select: { email: true },
  });
  await database.session.deleteMany({ where: { userId } });
  await recordAudit({
    ...source,
    action: "account.deletion-scheduled",
    actorId: userId,
    target: { kind: "user", id: userId, label: `for ${formatDate(when)}` },
  });
  await sendNotice(
    user.email,
    "Your Voxlate account will be deleted",
    AccountDeletionEmail({ date: formatDate(when), signInUrl: `${appOrigin()}/signin` }),
  );
  return when;
}

/** Accounts whose grace period is over, deleted in batches (the retention job calls it). */
export async function deleteAccountsPastGrace(now = new Date(), batch = 100): Promise<number> {
  const database = await db();
  let deleted = 0;
  let after = "";
  for (;;) {
    const due = await database.user.findMany({
      where: { deletionScheduledAt: { lte: now }, id: { gt: after } },
      select: { id: true },
      take: batch,
      orderBy: { id: "asc" },
    });
    if (due.length === 0) return deleted;
    for (const { id } of due) {
      try {
        if (await deleteAccountNow(id)) deleted++;
      } catch (error) {
        // Stripe unreachable: this account waits for the next run rather than being deleted with a live plan.
        log.error({ err: error }, `could not delete account ${id} yet`);
      }
    }
    after = due.at(-1)!.id;
  }
}

/** The operator's configured retention ceilings, for the page and the job. */
export function serverRetentionMaximums() {
  const env = getEnv();
  return { audioDays: env.RETENTION_MAX_AUDIO_DAYS ?? null, recordingDays: env.RETENTION_MAX_RECORDING_DAYS ?? null };
}
