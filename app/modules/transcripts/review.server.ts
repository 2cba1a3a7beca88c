// The review queue and segment verification (issue 34, item 3; ADR 045): the flags of review-flags.ts over the
// stored transcript, and who checked which segment when. Accepting a flag is verifying its segment; correcting it is
// an edit (the editor), which clears the segment's verification.
import type { Prisma } from "~/generated/prisma/client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import { type Reader, readerId } from "~/modules/workspaces/access.server";
import type { SegmentChange } from "./editor-text";
import { type ReviewFlag, type ReviewSegment, reviewFlags, storedSpeechRegions } from "./review-flags";
import { storedWords } from "./transcripts.server";

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

export interface NumberedFlag extends ReviewFlag {
  /** 1, 2, 3… in reading order: `#flag-3`, `?flag=3`. */
  number: number;
  /** Its segment was verified by a person (the flag was accepted or the text checked). */
  resolved: boolean;
}

/** A transcript's flags, its segments' verification and the progress ("412 of 520 segments verified"). */
export async function transcriptReview(reader: Reader, recordingId: string) {
  const recording = await requireRecording(reader, recordingId, "view");
  const rows = await (
    await db()
  ).transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: {
      id: true,
      start: true,
      end: true,
      text: true,
      speaker: true,
      confidence: true,
      words: true,
      verifiedAt: true,
      verifiedBy: { select: { id: true, firstName: true, lastName: true } },
    },
  });
  const segments: ReviewSegment[] = rows.map((row) => {
    const words = storedWords(row.words);
    const tokens = row.text.split(/\s+/).filter(Boolean).length;
    // Word confidences count only while the words are still the text's tokens one to one.
    return { ...row, words: words.length === tokens ? words : [] };
  });
  const speakers = [...new Set(rows.flatMap((row) => (row.speaker ? [row.speaker] : [])))];
  const verified = new Set(rows.filter((row) => row.verifiedAt).map((row) => row.id));
  const flags: NumberedFlag[] = reviewFlags(segments, {
    glossary: recording.glossary,
    speakers,
    speechRegions: storedSpeechRegions(recording.speechRegions),
  }).map((flag, index) => ({ ...flag, number: index + 1, resolved: verified.has(flag.segmentId) }));
  return {
    flags,
    segmentCount: rows.length,
    verifiedCount: verified.size,
    verifications: rows
      .filter((row) => row.verifiedAt)
      .map((row) => ({
        segmentId: row.id,
        verifiedAt: row.verifiedAt!,
        verifiedBy: row.verifiedBy ? { id: row.verifiedBy.id, name: fullName(row.verifiedBy) } : null,
      })),
  };
}

/**
 * Marks segments verified by the reader (now), or clears their verification. Needs the `verify` permission; a
 * segment not in this transcript is a 404 and nothing is changed.
 */
export async function setSegmentsVerified(
  reader: Reader,
  recordingId: string,
  segmentIds: readonly string[],
  verified: boolean,
  source: AuditSource = {},
) {
  const recording = await requireRecording(reader, recordingId, "verify");
  const userId = readerId(reader);
  const ids = [...new Set(segmentIds)];
  const database = await db();
  const changed = await database.$transaction(async (tx) => {
    const found = await tx.transcriptSegment.count({ where: { recordingId, id: { in: ids } } });
    if (found !== ids.length)
      throw new RecordingError(
        ids.length === 1
          ? "That segment is not in this transcript."
          : "Some of those segments are not in this transcript.",
        404,
      );
    return tx.transcriptSegment.updateMany({
      where: { recordingId, id: { in: ids } },
      data: verified ? { verifiedAt: new Date(), verifiedById: userId } : { verifiedAt: null, verifiedById: null },
    });
  });
  await recordAudit({
    ...source,
    action: "transcript.segments-verified",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: recording.title },
    detail: { segments: changed.count, verified },
  });
  return { count: changed.count };
}

/**
 * An edit clears the verification of every segment whose text or speaker it changed (a rename of a speaker
 * everywhere does not: the words and who said them stay checked). Called inside the editor's save.
 */
export async function clearVerificationOfEdits(
  tx: Prisma.TransactionClient,
  recordingId: string,
  kind: string,
  changes: readonly SegmentChange[],
) {
  const before = new Map(changes.flatMap((change) => change.before.map((segment) => [segment.id, segment])));
  const edited = changes
    .flatMap((change) => change.after)
    .filter((segment) => {
      const was = before.get(segment.id);
      return was && (was.text !== segment.text || (kind !== "rename-speaker" && was.speaker !== segment.speaker));
    })
    .map((segment) => segment.id);
  if (edited.length)
    await tx.transcriptSegment.updateMany({
      where: { recordingId, id: { in: edited }, verifiedAt: { not: null } },
      data: { verifiedAt: null, verifiedById: null },
    });
}

/** One segment with its verification, for the review panel: the one asked for, else none. */
export async function reviewSegment(recordingId: string, segmentId: string) {
  const row = await (
    await db()
  ).transcriptSegment.findFirst({
    where: { recordingId, id: segmentId },
    select: {
      id: true,
      position: true,
      start: true,
      end: true,
      text: true,
      speaker: true,
      verifiedAt: true,
      verifiedBy: { select: { firstName: true, lastName: true } },
    },
  });
  if (!row) return null;
  const next = await (
    await db()
  ).transcriptSegment.findFirst({
    where: { recordingId, verifiedAt: null, position: { gt: row.position } },
    orderBy: { position: "asc" },
    select: { id: true },
  });
  return {
    id: row.id,
    start: row.start,
    end: row.end,
    text: row.text,
    speaker: row.speaker,
    verifiedAt: row.verifiedAt,
    verifiedBy: row.verifiedBy ? fullName(row.verifiedBy) : null,
    /** The next segment after it nobody has verified, for "Next unverified segment". */
    nextUnverifiedId: next?.id ?? null,
  };
}

/** The first segment nobody has verified yet. */
export async function firstUnverifiedSegmentId(recordingId: string) {
  return (
    (
      await (
        await db()
      ).transcriptSegment.findFirst({
        where: { recordingId, verifiedAt: null },
        orderBy: { position: "asc" },
        select: { id: true },
      })
    )?.id ?? null
  );
}
