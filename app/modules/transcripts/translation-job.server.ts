// Whole-transcript translation as a background job (queue "translate"): a long transcript through DeepL or a chat
// model takes minutes, more than a form post should wait. The page shows the job's progress; the text is stored
// segment by segment (SegmentTranslation), so every line keeps its times and speaker.
import { featureRefusal } from "~/modules/billing/plan-features";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { TranslationStatus } from "~/generated/prisma/client";
import { TranslationReadyEmail } from "~/emails/translation-ready";
import { EMAIL_WHEN_LONGER_THAN_SECONDS, quotedTitle, sendNotice } from "~/modules/platform/email.server";
import { TranslationError, translateSegments } from "~/services/translation/index.server";
import { languageName } from "~/utils/languages";
import { db } from "~/modules/platform/database.server";
import { appOrigin } from "~/config/env.server";
import { defineJob, enqueue } from "~/modules/platform/jobs.server";
import { emitWebhookEvent } from "~/modules/webhooks/webhooks.server";
import { transcriptSegments, translatableTranscript } from "./transcripts.server";
import { configuredTranslator } from "./translation.server";
import { transcriptFreshness } from "./freshness.server";
import { RecordingError } from "~/modules/recordings/ownership.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("jobs");

const PROGRESS_WRITE_MS = 1000;

/** Queues a translation of the owner's transcript; asking again while one runs changes nothing. */
export const TRANSLATE_QUEUE = "translate";
// Translation has no heartbeat: a job whose worker died expires after 30 minutes and is retried.
const TRANSLATE_RETRIES = { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 };

export async function requestTranslation(userId: string, recordingId: string, language: string) {
  if (!(await accountIncludes(userId, "translation"))) throw new RecordingError(featureRefusal("translation"), 403);
  await translatableTranscript(userId, recordingId, language);
  await queueTranslation(recordingId, language);
}

/**
 * Queues a translation of only the segments edited since the existing translation into `language` (or split off
 * since, with none yet); the rest keep theirs. Does nothing when every segment's translation is current.
 */
export async function requestChangedSegmentsTranslation(userId: string, recordingId: string, language: string) {
  await translatableTranscript(userId, recordingId, language);
  const stale = (await transcriptFreshness(recordingId)).translations.find((row) => row.language === language);
  if (!stale) throw new RecordingError(`There is no ${languageName(language)} translation to bring up to date.`, 409);
  if (stale.staleSegmentIds.length === 0) return 0;
  await queueTranslation(recordingId, language, stale.staleSegmentIds);
  return stale.staleSegmentIds.length;
}

/** Queues without the owner check: for the transcription job's translate-at-upload. */
export async function queueTranslation(recordingId: string, language: string, segmentIds?: string[]) {
  const database = await db();
  const where = { recordingId_language: { recordingId, language } };
  const existing = await database.transcriptTranslation.findUnique({ where });
  if (existing?.status === TranslationStatus.QUEUED || existing?.status === TranslationStatus.PROCESSING) return;
  await database.transcriptTranslation.upsert({
    where,
    create: { recordingId, language },
    update: { status: TranslationStatus.QUEUED, progress: 0, failureReason: null },
  });
  await enqueue(TRANSLATE_QUEUE, { recordingId, language, segmentIds }, TRANSLATE_RETRIES);
}

/** The translations of a transcript and their states, for its page. */
export async function transcriptTranslations(recordingId: string) {
  const rows = await (
    await db()
  ).transcriptTranslation.findMany({ where: { recordingId }, orderBy: { language: "asc" } });
  return rows.map(({ language, status, progress, failureReason, engine }) => ({
    language,
    label: languageName(language),
    status,
    progress,
    failureReason,
    engine,
  }));
}

export async function runTranslation(
  { recordingId, language, segmentIds }: TranslationJobData,
  { finalAttempt }: { finalAttempt: boolean },
) {
  const database = await db();
  const recording = await database.recording.findUnique({
    where: { id: recordingId },
    include: { user: { select: { email: true } } },
  });
  const where = { recordingId_language: { recordingId, language } };
  const job = await database.transcriptTranslation.findUnique({ where });
  if (!recording || !job || job.status === TranslationStatus.COMPLETED) return;

  const translator = configuredTranslator();
  const source = recording.transcriptLanguage ?? recording.language ?? "en";
  // Chosen at upload before the language was detected: the pair may not exist.
  if (!translator.supports(source, language)) {
    const reason = `${translator.label} cannot translate ${languageName(source)} into ${languageName(language)} on this server.`;
    await database.transcriptTranslation.update({
      where,
      data: { status: TranslationStatus.FAILED, progress: 0, failureReason: reason, engine: translator.label },
    });
    return;
  }
  await database.transcriptTranslation.update({
    where,
    data: { status: TranslationStatus.PROCESSING, progress: 0, engine: translator.label, failureReason: null },
  });
  let lastWrite = 0;
  // Awaited before the final write, so a late progress update never races the transaction.
  let progressWrite: Promise<unknown> = Promise.resolve();
  try {
    // Redacted before translating, so no translation holds what a redaction hides (ADR 048).
    const all = await transcriptSegments(recordingId, "redacted");
    // Only the changed segments when asked (segment ids that no longer exist are skipped), else all of them.
    const only = segmentIds ? new Set(segmentIds) : null;
    const segments = only ? all.filter((segment) => only.has(segment.id)) : all;
    const translated = await translateSegments(translator, segments, source, language, {
      onProgress: (fraction) => {
        if (fraction >= 1 || Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = Date.now();
        progressWrite = progressWrite
          .then(() => database.transcriptTranslation.update({ where, data: { progress: Math.round(fraction * 100) } }))
          .catch(() => {});
      },
    });
    await progressWrite;
    await database.$transaction([
      database.segmentTranslation.deleteMany({
        where: { language, segment: { recordingId }, ...(only ? { segmentId: { in: [...only] } } : {}) },
      }),
      database.segmentTranslation.createMany({
        data: translated.map((segment) => ({
          segmentId: segment.id,
          language,
          text: segment.translation,
          engine: translator.label,
        })),
      }),
      database.transcriptTranslation.update({ where, data: { status: TranslationStatus.COMPLETED, progress: 100 } }),
    ]);
  } catch (error) {
    // A refusal (bad key, unknown model, quota) will not get better with a retry; a network error or 5xx might.
    const permanent =
      error instanceof TranslationError && error.status !== undefined && error.status < 500 && error.status !== 429;
    if (permanent || finalAttempt) {
      const reason =
        error instanceof TranslationError ? error.message : "The translation failed unexpectedly. Please try again.";
      await database.transcriptTranslation.update({
        where,
        data: { status: TranslationStatus.FAILED, progress: 0, failureReason: reason },
      });
      if (!(error instanceof TranslationError))
        log.error({ err: error }, `translation of ${recordingId} into ${language} failed`);
      return;
    }
    log.error({ err: error }, `translation of ${recordingId} into ${language} failed; it will be retried`);
    throw error;
  }

  await emitWebhookEvent(recording.workspaceId, "translation.completed", {
    recordingId,
    title: recording.title,
    language,
  });
  // A few changed segments take seconds: no email for those.
  if (!segmentIds && recording.durationSeconds >= EMAIL_WHEN_LONGER_THAN_SECONDS) {
    const url = `${appOrigin()}/transcription/${recordingId}?lang=${language}`;
    const languageLabel = languageName(language);
    // The translation is saved: a mail that cannot be queued is logged, and never re-runs the job.
    const subject = `Your ${languageLabel} translation of ${quotedTitle(recording.title)} is ready`;
    const { title } = recording;
    await sendNotice(recording.user.email, subject, TranslationReadyEmail({ title, language: languageLabel, url }));
  }
}

type TranslationJobData = { recordingId: string; language: string; segmentIds?: string[] };

export const translationJob = defineJob<TranslationJobData>({
  queue: TRANSLATE_QUEUE,
  policy: TRANSLATE_RETRIES,
  deadLetter: true,
  work: (job) => runTranslation(job.data, { finalAttempt: job.retryCount >= job.retryLimit }),
});
