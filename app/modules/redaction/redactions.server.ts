// Redaction's write side (ADR 048): suggestions found by the detectors, a person's decisions on them, passages
// redacted by hand, un-redacting, and the review that the workspace's policy asks for. Owners and admins only (the
// `redact` action): redacting needs the original in view. Every change re-derives the segments' redacted text and
// goes into the audit trail with its category and place, never the hidden words.
import { RecordingStatus } from "~/generated/prisma/client";
import type { AuditAction } from "~/modules/audit/actions";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { RecordingError, requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { type Reader, readerId } from "~/modules/workspaces/access.server";
import { formatTimestamp } from "~/utils/timestamps";
import { isRedactionCategory, type RedactionCategory } from "./categories";
import { locateSpans } from "./redacted-text";
import { snapToWords } from "./word-spans";
import { refreshRedactedText } from "./view.server";

export interface RedactionRow {
  id: string;
  segmentId: string;
  startOffset: number;
  endOffset: number;
  /** The hidden words: for owners and admins only, never in the audit trail. */
  text: string;
  category: string;
  source: string;
  status: "SUGGESTED" | "ACCEPTED" | "REJECTED";
  decidedAt: Date | null;
  createdAt: Date;
}

const ROW_SELECT = {
  id: true,
  segmentId: true,
  startOffset: true,
  endOffset: true,
  text: true,
  category: true,
  source: true,
  status: true,
  decidedAt: true,
  createdAt: true,
} as const;

const REVIEW_REFUSED = "Decide every suggestion before marking the redactions reviewed.";

/** A finished recording the reader may redact (owner or admin): 404 or 403 as requireRecordingAndRole throws. */
async function requireRedactable(reader: Reader, recordingId: string) {
  const { recording } = await requireRecordingAndRole(reader, recordingId, "redact");
  if (recording.status !== RecordingStatus.COMPLETED) throw new RecordingError("The transcript is not ready yet.", 409);
  return recording;
}

/** Where a change happened, for the log: the segments' positions (1-based) and times, a few at most. */
function placesOf(segments: { position: number; start: number }[]) {
  const sorted = [...new Map(segments.map((segment) => [segment.position, segment])).values()].sort(
    (a, b) => a.position - b.position,
  );
  const shown = sorted.slice(0, 20);
  const more = sorted.length > shown.length ? ` and ${sorted.length - shown.length} more` : "";
  return {
    segments: shown.map((segment) => segment.position + 1).join(", ") + more,
    at: shown.map((segment) => formatTimestamp(segment.start)).join(", ") + more,
  };
}

async function audit(
  recording: { id: string; title: string; workspaceId: string },
  reader: Reader,
  action: AuditAction,
  source: AuditSource,
  detail: Record<string, string | number>,
) {
  await recordAudit({
    ...source,
    action,
    actorId: readerId(reader),
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recording.id, label: recording.title },
    detail,
  });
}

/** A change to what is hidden makes the review stale: it must be done again before the redacted version leaves. */
async function clearReview(recordingId: string) {
  await (
    await db()
  ).recording.update({
    where: { id: recordingId },
    data: { redactionReviewedAt: null, redactionReviewedById: null },
  });
}

/** The redaction page's data, and the API's GET: the segments, every redaction, the lost ones and what is pending. */
export async function recordingRedactions(reader: Reader, recordingId: string) {
  const recording = await requireRedactable(reader, recordingId);
  const database = await db();
  const [segments, redactions, reviewer] = await Promise.all([
    database.transcriptSegment.findMany({
      where: { recordingId },
      orderBy: { position: "asc" },
      select: { id: true, position: true, start: true, end: true, speaker: true, text: true, redactedText: true },
    }),
    database.redaction.findMany({
      where: { recordingId },
      orderBy: [{ segment: { position: "asc" } }, { startOffset: "asc" }],
      select: ROW_SELECT,
    }),
    recording.redactionReviewedById
      ? database.user.findUnique({
          where: { id: recording.redactionReviewedById },
          select: { firstName: true, lastName: true, email: true },
        })
      : null,
  ]);
  const textOf = new Map(segments.map((segment) => [segment.id, segment.text]));
  const lost = redactions.filter(
    (row) => row.status === "ACCEPTED" && locateSpans(textOf.get(row.segmentId) ?? "", [row]).lost.length > 0,
  );
  return {
    recording: {
      id: recording.id,
      title: recording.title,
      redactionReviewedAt: recording.redactionReviewedAt,
      reviewedByName: reviewer ? `${reviewer.firstName} ${reviewer.lastName}`.trim() || reviewer.email : null,
    },
    segments,
    redactions: redactions as RedactionRow[],
    lost: lost as RedactionRow[],
    pending: redactions.filter((row) => row.status === "SUGGESTED").length,
  };
}

// "Speaker 2", "SPEAKER_01", "Unknown": labels a transcription gives, not people's names.
const GENERIC_SPEAKER = /^(speaker|spk|sprecher|locuteur|person|unknown|voice)[\s_-]*\d*$/i;
const isRealName = (label: string) => /\p{L}/u.test(label) && !GENERIC_SPEAKER.test(label.trim());

/**
 * Runs the detectors over the transcript with the workspace's speaker library names, the recording's named speakers
 * and the workspace's sensitive terms, and stores what they find as suggestions. A span that already has a row (in any
 * state) is not suggested again: a rejected suggestion stays rejected.
 */
export async function suggestForRecording(
  reader: Reader,
  recordingId: string,
  source: AuditSource = {},
): Promise<{ added: number }> {
  const recording = await requireRedactable(reader, recordingId);
  const database = await db();
  const [segments, profiles, workspace, existing] = await Promise.all([
    database.transcriptSegment.findMany({
      where: { recordingId },
      orderBy: { position: "asc" },
      select: { id: true, text: true, speaker: true, position: true, start: true },
    }),
    database.speakerProfile.findMany({ where: { workspaceId: recording.workspaceId }, select: { name: true } }),
    database.workspace.findUniqueOrThrow({ where: { id: recording.workspaceId }, select: { sensitiveTerms: true } }),
    database.redaction.findMany({
      where: { recordingId },
      select: { segmentId: true, startOffset: true, endOffset: true },
    }),
  ]);
  const names = [
    ...new Set([
      ...profiles.map((profile) => profile.name),
      ...segments.flatMap((segment) => (segment.speaker && isRealName(segment.speaker) ? [segment.speaker] : [])),
    ]),
  ];
  // Loaded on first use: compromise, the language model behind the suggestions, takes about a second to load, and
  // every process that starts the app (each server, worker and test file) would pay it at start.
  const { suggestRedactions } = await import("./suggestions");
  const found = suggestRedactions({
    segments: segments.map(({ id, text }) => ({ id, text })),
    names,
    sensitiveTerms: workspace.sensitiveTerms,
  });
  const key = (span: { segmentId: string; startOffset: number; endOffset: number }) =>
    `${span.segmentId}:${span.startOffset}:${span.endOffset}`;
  const taken = new Set(existing.map(key));
  const fresh = found.filter((span) => {
    if (taken.has(key(span))) return false;
    taken.add(key(span));
    return true;
  });
  if (!fresh.length) return { added: 0 };
  const { count } = await database.redaction.createMany({
    data: fresh.map((span) => ({
      recordingId,
      segmentId: span.segmentId,
      startOffset: span.startOffset,
      endOffset: span.endOffset,
      text: span.text,
      category: span.category,
      source: "suggested",
      status: "SUGGESTED" as const,
      createdById: readerId(reader),
    })),
    skipDuplicates: true,
  });
  // Something the review did not see was found: it must be done again.
  if (count) await clearReview(recordingId);
  const perCategory: Record<string, number> = {};
  for (const span of fresh) perCategory[span.category] = (perCategory[span.category] ?? 0) + 1;
  await audit(recording, reader, "redaction.suggested", source, { count, ...perCategory });
  return { added: count };
}

/**
 * Accepts or rejects pending suggestions: the ones named by id, or every pending one of a category. Accepting hides
 * the words (the segments' redacted text is derived again); rejecting keeps them and stops them being suggested again.
 */
export async function decideRedactions(
  reader: Reader,
  recordingId: string,
  input: { ids?: string[]; category?: string; decision: "accept" | "reject" },
  source: AuditSource = {},
): Promise<{ changed: number }> {
  const recording = await requireRedactable(reader, recordingId);
  const ids = input.ids?.length ? input.ids : null;
  if (!ids === !input.category)
    throw new RecordingError("Name the suggestions to decide: their ids, or a category.", 400);
  if (input.category && !isRedactionCategory(input.category))
    throw new RecordingError("That is not a redaction category.", 400);
  const database = await db();
  if (ids) {
    const named = await database.redaction.findMany({ where: { recordingId, id: { in: ids } }, select: { id: true } });
    if (named.length < new Set(ids).size) throw new RecordingError("That suggestion no longer exists.", 404);
  }
  const where = {
    recordingId,
    status: "SUGGESTED" as const,
    ...(ids ? { id: { in: ids } } : { category: input.category }),
  };
  const pending = await database.redaction.findMany({
    where,
    select: { id: true, category: true, segment: { select: { id: true, position: true, start: true } } },
  });
  if (!pending.length) {
    if (ids) throw new RecordingError("That suggestion has already been decided.", 409);
    return { changed: 0 };
  }
  const accept = input.decision === "accept";
  const { count } = await database.redaction.updateMany({
    where: { ...where, id: { in: pending.map((row) => row.id) } },
    data: { status: accept ? "ACCEPTED" : "REJECTED", decidedById: readerId(reader), decidedAt: new Date() },
  });
  if (accept) await refreshRedactedText(recordingId);
  await clearReview(recordingId);
  const categories = [...new Set(pending.map((row) => row.category))];
  await audit(recording, reader, accept ? "redaction.accepted" : "redaction.rejected", source, {
    category: categories.join(", "),
    count,
    ...placesOf(pending.map((row) => row.segment)),
  });
  return { changed: count };
}

/** Redacts a passage by hand: whole words of one segment, hidden at once (accepted, source "manual"). */
export async function addManualRedaction(
  reader: Reader,
  recordingId: string,
  input: { segmentId: string; startOffset: number; endOffset: number; category: string },
  source: AuditSource = {},
): Promise<RedactionRow> {
  const recording = await requireRedactable(reader, recordingId);
  if (!isRedactionCategory(input.category)) throw new RecordingError("Choose a category for the redaction.", 400);
  const category: RedactionCategory = input.category;
  const database = await db();
  const segment = await database.transcriptSegment.findFirst({
    where: { id: input.segmentId, recordingId },
    select: { id: true, text: true, position: true, start: true },
  });
  if (!segment) throw new RecordingError("That segment no longer exists.", 404);
  const { startOffset, endOffset } = input;
  if (
    !Number.isInteger(startOffset) ||
    !Number.isInteger(endOffset) ||
    startOffset < 0 ||
    startOffset >= endOffset ||
    endOffset > segment.text.length
  )
    throw new RecordingError("Choose words of the segment to redact: the passage is outside its text.", 400);
  const span = snapToWords(segment.text, startOffset, endOffset);
  if (!span) throw new RecordingError("Choose at least one word to redact.", 400);
  const decided = { status: "ACCEPTED" as const, decidedById: readerId(reader), decidedAt: new Date() };
  const existing = await database.redaction.findUnique({
    where: { segmentId_startOffset_endOffset: { segmentId: segment.id, startOffset: span.start, endOffset: span.end } },
    select: { status: true },
  });
  if (existing?.status === "ACCEPTED") throw new RecordingError("Those words are already redacted.", 409);
  const row = await database.redaction.upsert({
    where: { segmentId_startOffset_endOffset: { segmentId: segment.id, startOffset: span.start, endOffset: span.end } },
    // A pending or rejected suggestion of the same words: the person's decision now stands.
    update: { ...decided, category, source: "manual" },
    create: {
      ...decided,
      recordingId,
      segmentId: segment.id,
      startOffset: span.start,
      endOffset: span.end,
      text: segment.text.slice(span.start, span.end),
      category,
      source: "manual",
      createdById: readerId(reader),
    },
    select: ROW_SELECT,
  });
  await refreshRedactedText(recordingId);
  await clearReview(recordingId);
  await audit(recording, reader, "redaction.added", source, { category, ...placesOf([segment]) });
  return row as RedactionRow;
}

/**
 * Un-redacts: the words show again. A manual redaction is deleted; an accepted suggestion becomes rejected, so the
 * detectors do not suggest the same words again.
 */
export async function removeRedaction(
  reader: Reader,
  recordingId: string,
  redactionId: string,
  source: AuditSource = {},
): Promise<void> {
  const recording = await requireRedactable(reader, recordingId);
  const database = await db();
  const row = await database.redaction.findFirst({
    where: { id: redactionId, recordingId },
    select: {
      id: true,
      status: true,
      source: true,
      category: true,
      segmentId: true,
      segment: { select: { position: true, start: true } },
    },
  });
  if (!row) throw new RecordingError("That redaction no longer exists.", 404);
  if (row.status !== "ACCEPTED")
    throw new RecordingError("Only a redaction in force can be removed: reject a suggestion instead.", 409);
  if (row.source === "manual") await database.redaction.delete({ where: { id: row.id } });
  else
    await database.redaction.update({
      where: { id: row.id },
      data: { status: "REJECTED", decidedById: readerId(reader), decidedAt: new Date() },
    });
  await refreshRedactedText(recordingId);
  await clearReview(recordingId);
  await audit(recording, reader, "redaction.removed", source, { category: row.category, ...placesOf([row.segment]) });
}

/** A person checked the redacted version: refused while a suggestion waits for a decision. */
export async function markRedactionReviewed(reader: Reader, recordingId: string, source: AuditSource = {}) {
  const recording = await requireRedactable(reader, recordingId);
  const database = await db();
  if (await database.redaction.count({ where: { recordingId, status: "SUGGESTED" } }))
    throw new RecordingError(REVIEW_REFUSED, 409);
  const reviewedAt = new Date();
  await database.recording.update({
    where: { id: recordingId },
    data: { redactionReviewedAt: reviewedAt, redactionReviewedById: readerId(reader) },
  });
  const accepted = await database.redaction.count({ where: { recordingId, status: "ACCEPTED" } });
  await audit(recording, reader, "redaction.reviewed", source, { redactions: accepted });
  return { reviewedAt };
}
