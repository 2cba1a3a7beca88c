// The transcript editor's saves: each one changes segments in one transaction and records a revision (the runs of
// segments it changed, before and after), so any earlier version can be rebuilt and restored, and any save undone.
import type { TranscriptView } from "~/modules/redaction/view.server";
import { randomUUID } from "node:crypto";
import { type Prisma, RecordingStatus } from "~/generated/prisma/client";
import { REPEAT_LOG_WINDOW_MS } from "~/modules/audit/actions";
import { type AuditSource, recordAudit, recordAuditOncePer } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { RecordingError, requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { redactionsAfterEdit, redactionsBeforeEdit } from "~/modules/redaction/segment-edits.server";
import { can } from "~/modules/workspaces/policy";
import { formatTimestamp } from "~/utils/timestamps";
import {
  applyChanges,
  diffSegments,
  EditConflictError,
  editText,
  findPattern,
  type FindOptions,
  mergeSegments,
  mergeSpeakerRefusal,
  type MergeSpeaker,
  replaceAllReport,
  replaceInSegments,
  speakerNames,
  type SegmentChange,
  type SegmentState,
  splitSegment,
  SPLIT_REFUSED,
  wordBoundaryNear,
} from "./editor-text";
import { recordingAuditEntry } from "./transcripts.server";
import { editorSegment, SEGMENT_COLUMNS } from "./editor-rows.server";
import { queueRealignment } from "./realign-job.server";
import { alignerNameFor } from "~/services/alignment/index.server";
import { followSpeakerRename, requireMeasuredVoices, saveVoiceToLibrary } from "~/modules/speakers/speakers.server";
import type { EditorAction } from "./transcript-forms";
import { editorPage } from "./editor-pages";
import { revisionDiff, storedRevisionDiff } from "./revision-diff";
import { clearVerificationOfEdits } from "./review.server";

type Tx = Prisma.TransactionClient;

/** Autosaves of the same segment this close together are one revision in the history. */
const COALESCE_MS = 2 * 60 * 1000;
const CHANGED_SINCE = "The transcript has changed since; restore a version from the history instead.";

/**
 * The segments as the editor works on them: words aligned one per token of the text. With `wordsWhere`, only the
 * segments whose text it accepts get their words (the others have none): a replace-all on a 2-hour transcript reads
 * the words of the segments it changes, not all 39,000. Such a list is only for a save that changes no other segment.
 */
export async function editorSegments(
  recordingId: string,
  client: Tx | Awaited<ReturnType<typeof db>> | null = null,
  wordsWhere?: (text: string) => boolean,
) {
  const database = client ?? (await db());
  if (!wordsWhere) {
    const rows = await database.transcriptSegment.findMany({
      where: { recordingId },
      orderBy: { position: "asc" },
      select: { ...SEGMENT_COLUMNS, words: true },
    });
    return rows.map(({ words, ...row }) => editorSegment(row, words));
  }
  const rows = await database.transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: SEGMENT_COLUMNS,
  });
  const wanted = rows.filter((row) => wordsWhere(row.text)).map((row) => row.id);
  const words = new Map(
    wanted.length
      ? (
          await database.transcriptSegment.findMany({
            where: { recordingId, id: { in: wanted } },
            select: { id: true, words: true },
          })
        ).map((row) => [row.id, row.words])
      : [],
  );
  return rows.map((row) => (words.has(row.id) ? editorSegment(row, words.get(row.id)) : { ...row, words: [] }));
}

/**
 * One page of the editor (editor-pages.ts) and every speaker's name: the whole transcript's times and speakers are
 * read to place the page, but only the page's words are read and aligned (a 2-hour transcript has 39,000 of them).
 */
export async function editorPageSegments(
  recordingId: string,
  asked: { page?: string | null; segment?: string | null },
  view: TranscriptView,
) {
  const client = await db();
  const outline = await client.transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: { id: true, start: true, end: true, speaker: true },
  });
  const { segments: shown, info } = editorPage(outline, asked);
  const rows = shown.length
    ? await client.transcriptSegment.findMany({
        where: { recordingId, id: { in: shown.map((segment) => segment.id) } },
        orderBy: { position: "asc" },
        select: { ...SEGMENT_COLUMNS, words: true, redactedText: true },
      })
    : [];
  return {
    // In the redacted view a segment that hides words shows the redacted text, without the engine's words (ADR 048).
    segments: rows.map(({ words, redactedText, ...row }) =>
      redactedText !== null && view === "redacted"
        ? { ...editorSegment({ ...row, text: redactedText }, null), redacted: true }
        : { ...editorSegment(row, words), redacted: redactedText !== null },
    ),
    page: info,
    speakers: speakerNames(outline),
  };
}

/** A finished transcript the reader may take `action` on (edit, unless only looking at an earlier version). */
async function requireEditable(userId: string, recordingId: string, action: "edit" | "view" = "edit") {
  return (await requireEditableAndRole(userId, recordingId, action)).recording;
}

/** requireEditable, with the reader's role: a save asks whether they may read the original of redacted segments. */
async function requireEditableAndRole(userId: string, recordingId: string, action: "edit" | "view" = "edit") {
  const found = await requireRecordingAndRole(userId, recordingId, action);
  if (found.recording.status !== RecordingStatus.COMPLETED)
    throw new RecordingError("The transcript is not ready yet.", 409);
  return found;
}

interface Plan {
  target: SegmentState[];
  kind: string;
  label: string;
  /** A single-segment text edit, which may join the previous revision. */
  coalesce?: string;
}

export interface SaveResult {
  revision: { id: string; number: number; label: string } | null;
  changes: SegmentChange[];
  count?: number;
}

/** Locks the recording, rebuilds the segments, writes what `plan` changed and records it as one revision. */
async function save(
  userId: string,
  recordingId: string,
  plan: (current: SegmentState[], tx: Tx) => Plan | null | Promise<Plan | null>,
  wordsWhere?: (text: string) => boolean,
) {
  const { role } = await requireEditableAndRole(userId, recordingId);
  return (await db()).$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Recording" WHERE "id" = ${recordingId} FOR UPDATE`;
      const current = await editorSegments(recordingId, tx, wordsWhere);
      let planned: Plan | null;
      try {
        planned = await plan(current, tx);
      } catch (error) {
        if (error instanceof EditConflictError) throw new RecordingError(error.message, 409);
        throw error;
      }
      if (!planned) return { revision: null, changes: [] } satisfies SaveResult;
      const changes = diffSegments(current, planned.target);
      if (!changes.length) return { revision: null, changes } satisfies SaveResult;
      // Redactions follow the edited text in the same transaction: no reader ever gets a changed text unredacted.
      const redactions = await redactionsBeforeEdit(tx, recordingId, changes, can(role, "view-original"));
      await writeSegments(tx, recordingId, current, planned.target, changes);
      await redactionsAfterEdit(tx, recordingId, redactions);
      await clearVerificationOfEdits(tx, recordingId, planned.kind, changes);
      const revision = await recordRevision(tx, recordingId, userId, planned, changes);
      return { revision, changes } satisfies SaveResult;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

async function writeSegments(
  tx: Tx,
  recordingId: string,
  current: SegmentState[],
  target: SegmentState[],
  changes: SegmentChange[],
) {
  const existing = new Set(current.map((segment) => segment.id));
  const kept = new Set(target.map((segment) => segment.id));
  const removed = current.filter((segment) => !kept.has(segment.id)).map((segment) => segment.id);
  const changed = changes.flatMap((change) => change.after);
  const created = changed.filter((segment) => !existing.has(segment.id));
  const updated = changed.filter((segment) => existing.has(segment.id));
  const positions = new Map(target.map((segment, index) => [segment.id, index]));
  const reordered = removed.length > 0 || created.length > 0;
  // A changed text marks its translations and the summary as written before it (freshness.server.ts).
  const editedAt = new Date();

  if (removed.length) await tx.transcriptSegment.deleteMany({ where: { recordingId, id: { in: removed } } });
  // Positions are unique per recording: move them all out of the way before giving the new ones.
  if (reordered)
    await tx.transcriptSegment.updateMany({ where: { recordingId }, data: { position: { increment: 1_000_000 } } });
  if (created.length)
    await tx.transcriptSegment.createMany({
      data: created.map((segment) => ({
        ...columns(segment),
        id: segment.id,
        recordingId,
        position: positions.get(segment.id)!,
        editedAt,
      })),
    });
  const rows = reordered ? target.filter((segment) => existing.has(segment.id)) : updated;
  if (!rows.length) return;
  const changedIds = new Set(updated.map((segment) => segment.id));
  // One statement and one parameter for every changed segment (a JSON array, unpacked by the database), so replacing
  // across 1,400 segments is one round trip and no per-value binding.
  const values = rows.map((segment) => ({
    id: segment.id,
    position: positions.get(segment.id)!,
    own: changedIds.has(segment.id),
    text: segment.text,
    speaker: segment.speaker,
    start: segment.start,
    end: segment.end,
    confidence: segment.confidence,
    words: segment.words,
    edited: segment.edited,
  }));
  await tx.$executeRaw`
    UPDATE "TranscriptSegment" AS s SET
      "position" = v.position,
      "text" = CASE WHEN v.own THEN v.text ELSE s."text" END,
      "speaker" = CASE WHEN v.own THEN v.speaker ELSE s."speaker" END,
      "start" = CASE WHEN v.own THEN v.start ELSE s."start" END,
      "end" = CASE WHEN v.own THEN v."end" ELSE s."end" END,
      "confidence" = CASE WHEN v.own THEN v.confidence ELSE s."confidence" END,
      "words" = CASE WHEN v.own THEN v.words ELSE s."words" END,
      "edited" = CASE WHEN v.own THEN v.edited ELSE s."edited" END,
      "editedAt" = CASE WHEN v.own AND v.text IS DISTINCT FROM s."text" THEN ${editedAt} ELSE s."editedAt" END
    FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(id text, position int, own boolean, text text,
      speaker text, start float8, "end" float8, confidence float8, words json, edited boolean)
    WHERE s."id" = v.id AND s."recordingId" = ${recordingId}`;
}

const columns = (segment: SegmentState) => ({
  text: segment.text,
  speaker: segment.speaker,
  start: segment.start,
  end: segment.end,
  confidence: segment.confidence,
  words: segment.words as unknown as Prisma.InputJsonValue,
  edited: segment.edited,
});

/** Records the save as a revision by `authorId`, with the word diff the history shows (revision-diff.ts). */
async function recordRevision(tx: Tx, recordingId: string, authorId: string, plan: Plan, changes: SegmentChange[]) {
  const last = await tx.transcriptRevision.findFirst({
    where: { recordingId },
    orderBy: { number: "desc" },
    select: { id: true, number: true, kind: true, updatedAt: true },
  });
  // The last revision's changes are read only when this save may join it: after a replace-all they are megabytes.
  const joinable =
    plan.coalesce &&
    changes.length === 1 &&
    last?.kind === "edit" &&
    Date.now() - last.updatedAt.getTime() < COALESCE_MS;
  const lastChanges = joinable
    ? ((await tx.transcriptRevision.findUniqueOrThrow({ where: { id: last.id }, select: { changes: true } }))
        .changes as unknown as SegmentChange[])
    : null;
  if (
    last &&
    lastChanges?.length === 1 &&
    lastChanges[0].after.length === 1 &&
    lastChanges[0].after[0].id === plan.coalesce
  ) {
    const joined: SegmentChange[] = [{ at: lastChanges[0].at, before: lastChanges[0].before, after: changes[0].after }];
    const revision = await tx.transcriptRevision.update({
      where: { id: last.id },
      data: {
        changes: joined as unknown as Prisma.InputJsonValue,
        diff: revisionDiff(joined) as unknown as Prisma.InputJsonValue,
        label: plan.label,
        authorId,
      },
      select: { id: true, number: true, label: true },
    });
    return revision;
  }
  // Written as one JSON text, not through Prisma's Json mapping, which took most of a second for a replace-all's
  // changes on a 2-hour transcript (docs/performance.md). The id is a UUID rather than Prisma's cuid: both are text.
  const [revision] = await tx.$queryRaw<{ id: string; number: number; label: string }[]>`
    INSERT INTO "TranscriptRevision"
      ("id", "recordingId", "number", "kind", "label", "changes", "diff", "authorId", "updatedAt")
    VALUES (${randomUUID()}, ${recordingId}, ${(last?.number ?? 0) + 1}, ${plan.kind}, ${plan.label},
            ${JSON.stringify(changes)}::json, ${JSON.stringify(revisionDiff(changes))}::json, ${authorId}, now())
    RETURNING "id", "number", "label"`;
  return revision;
}

function requireSegment(current: SegmentState[], segmentId: string) {
  const index = current.findIndex((segment) => segment.id === segmentId);
  if (index < 0) throw new RecordingError("That segment no longer exists.", 404);
  return index;
}

const at = (segment: SegmentState) => formatTimestamp(segment.start);

/** Changes one segment's text; its times stay and its words are re-aligned across them. */
export async function editSegmentText(userId: string, recordingId: string, segmentId: string, text: string) {
  const result = await save(userId, recordingId, (current) => {
    const index = requireSegment(current, segmentId);
    const target = [...current];
    target[index] = editText(current[index], text);
    return { target, kind: "edit", label: `Edited the segment at ${at(current[index])}`, coalesce: segmentId };
  });
  // The words typed get times spread between their neighbours at once; a job then aligns them to the audio, where
  // an aligner is available (ADR 047). The save does not wait for it.
  if (result.revision) await queueRealignment({ recordingId, segmentId, revisionId: result.revision.id });
  return result;
}

/** Replaces every match across the transcript in one transaction, as one revision. */
export async function replaceAll(
  userId: string,
  recordingId: string,
  find: string,
  replacement: string,
  options: FindOptions,
): Promise<SaveResult> {
  let count = 0;
  const pattern = findPattern(find, options);
  const result = await save(
    userId,
    recordingId,
    (current) => {
      const replaced = replaceInSegments(current, find, replacement, options);
      count = replaced.count;
      if (!replaced.changed.length) return null;
      const byId = new Map(replaced.changed.map((segment) => [segment.id, segment]));
      return {
        target: current.map((segment) => byId.get(segment.id) ?? segment),
        kind: "replace",
        label: `Replaced “${find}” with “${replacement}” (${count})`,
      };
    },
    // Only the segments it changes are read with their words.
    (text) => {
      if (!pattern) return false;
      pattern.lastIndex = 0;
      return pattern.test(text);
    },
  );
  return { ...result, count };
}

/**
 * Splits a segment at the word boundary nearest a character offset of its text (words joined by single spaces): a
 * caret inside a word never cuts it, and every word keeps its time.
 */
export function splitSegmentAt(userId: string, recordingId: string, segmentId: string, offset: number) {
  return save(userId, recordingId, (current) => {
    const index = requireSegment(current, segmentId);
    const segment = current[index];
    const normal = { ...segment, text: segment.words.map((word) => word.word).join(" ") };
    if (wordBoundaryNear(normal.text, offset) === null)
      throw new RecordingError(
        normal.words.length < 2 ? "This segment has one word: there is nothing to split." : SPLIT_REFUSED,
        400,
      );
    const parts = splitSegment(normal, offset, randomUUID());
    const target = [...current];
    target.splice(index, 1, ...parts);
    return { target, kind: "split", label: `Split the segment at ${at(segment)}` };
  });
}

/**
 * Merges a segment with the next. When their speakers differ, `speakerFrom` must say whose the merged segment is:
 * without it the merge is refused (409), so no one's words are given to another speaker in silence.
 */
export function mergeWithNext(userId: string, recordingId: string, segmentId: string, speakerFrom?: MergeSpeaker) {
  return save(userId, recordingId, (current) => {
    const index = requireSegment(current, segmentId);
    if (index === current.length - 1) throw new RecordingError("The last segment has nothing after it to merge.", 400);
    const [first, second] = [current[index], current[index + 1]];
    const refused = mergeSpeakerRefusal(first, second, speakerFrom);
    if (refused) throw new RecordingError(refused, 409);
    const merged = mergeSegments(first, second, speakerFrom);
    const target = [...current];
    target.splice(index, 2, merged);
    const speakers = first.speaker === second.speaker ? "" : ` as ${merged.speaker ?? "no speaker"}`;
    return {
      target,
      kind: "merge",
      label: `Merged the segments at ${at(first)} and ${at(second)}${speakers}`,
    };
  });
}

/** Gives one segment to another speaker (existing or new). */
export function setSegmentSpeaker(userId: string, recordingId: string, segmentId: string, speaker: string) {
  return save(userId, recordingId, (current) => {
    const index = requireSegment(current, segmentId);
    const target = [...current];
    target[index] = { ...current[index], speaker };
    return { target, kind: "speaker", label: `Gave the segment at ${at(current[index])} to ${speaker}` };
  });
}

/**
 * Renames a speaker in every segment, as one revision; with `saveVoice`, also saves the voice to the owner's speaker
 * library under the new name. Whether there is a voice to save is checked first, so a refusal renames nothing.
 */
export async function renameSpeakerEverywhere(
  userId: string,
  recordingId: string,
  from: string,
  to: string,
  { saveVoice = false, source = {} }: { saveVoice?: boolean; source?: AuditSource } = {},
) {
  // Renaming onto a speaker who already has a voice saves that one.
  if (saveVoice) await requireMeasuredVoices(userId, recordingId, [from, to]);
  const result = await save(userId, recordingId, (current) => {
    if (!current.some((segment) => segment.speaker === from))
      throw new RecordingError(`No segment is labelled "${from}".`, 404);
    return {
      target: current.map((segment) => (segment.speaker === from ? { ...segment, speaker: to } : segment)),
      kind: "rename-speaker",
      label: `Renamed ${from} to ${to}`,
    };
  });
  // The speaker's measured voice follows its new name (the speaker library).
  await followSpeakerRename(recordingId, from, to);
  if (saveVoice) await saveVoiceToLibrary(userId, recordingId, to);
  if (result.revision) {
    await recordAudit(
      await recordingAuditEntry(recordingId, {
        ...source,
        action: "speaker.renamed",
        actorId: userId,
        detail: { from: from.slice(0, 100), to: to.slice(0, 100) },
      }),
    );
  }
  return result;
}

/** Who saved a revision, for the history: their name, or "Unknown author" for revisions saved before it was kept. */
const authorName = (author: { firstName: string; lastName: string; email: string } | null) =>
  author ? `${author.firstName} ${author.lastName}`.trim() || author.email : "Unknown author";

async function requireRevision(recordingId: string, revisionId: string) {
  const revision = await (
    await db()
  ).transcriptRevision.findFirst({
    where: { id: revisionId, recordingId },
    include: { author: { select: { firstName: true, lastName: true, email: true } } },
  });
  if (!revision) throw new RecordingError("That revision does not exist.", 404);
  return revision;
}

/** Undoes one revision (as a new revision), when the segments it changed are still as it left them. */
export async function undoRevision(userId: string, recordingId: string, revisionId: string) {
  await requireEditable(userId, recordingId);
  const revision = await requireRevision(recordingId, revisionId);
  return save(userId, recordingId, (current) => {
    try {
      return {
        target: applyChanges(current, revision.changes as unknown as SegmentChange[], false),
        kind: "undo",
        label: `Undid: ${revision.label}`,
      };
    } catch (error) {
      if (error instanceof EditConflictError) throw new RecordingError(CHANGED_SINCE, 409);
      throw error;
    }
  });
}

/** The segments as they were right after revision `number` (0: as transcribed), undoing every later one. */
async function segmentsAtRevision(
  client: Tx | Awaited<ReturnType<typeof db>>,
  recordingId: string,
  number: number,
  current: SegmentState[],
) {
  const later = await client.transcriptRevision.findMany({
    where: { recordingId, number: { gt: number } },
    orderBy: { number: "desc" },
    select: { changes: true },
  });
  let segments = current;
  for (const revision of later)
    segments = applyChanges(segments, revision.changes as unknown as SegmentChange[], false);
  return segments;
}

/** How many runs of changed segments a revision's own page shows (the history shows 3). */
const REVISION_PAGE_RUNS = 50;

/** One earlier version to read: "original" (as transcribed) or a revision's id. */
export async function viewRevision(userId: string, recordingId: string, revisionId: string) {
  await requireEditable(userId, recordingId, "view");
  const revision = revisionId === "original" ? null : await requireRevision(recordingId, revisionId);
  const database = await db();
  const segments = await segmentsAtRevision(
    database,
    recordingId,
    revision?.number ?? 0,
    await editorSegments(recordingId),
  );
  return {
    revision: revision && {
      id: revision.id,
      number: revision.number,
      label: revision.label,
      savedAt: revision.updatedAt,
      author: authorName(revision.author),
      // Its own page shows more of what it changed than the history does; older revisions have it too.
      diff: revisionDiff(revision.changes as unknown as SegmentChange[], REVISION_PAGE_RUNS),
    },
    segments,
  };
}

/** Brings back an earlier version, as a new revision (so the restore itself can be undone). */
export async function restoreRevision(userId: string, recordingId: string, revisionId: string) {
  await requireEditable(userId, recordingId);
  const revision = revisionId === "original" ? null : await requireRevision(recordingId, revisionId);
  return save(userId, recordingId, async (current, tx) => ({
    target: await segmentsAtRevision(tx, recordingId, revision?.number ?? 0, current),
    kind: "restore",
    label: revision ? `Restored revision ${revision.number}` : "Restored the transcript as transcribed",
  }));
}

/** The history: the last 100 revisions, newest first, each with its author, time and word diff (none if older). */
export async function transcriptRevisions(recordingId: string) {
  const rows = await (
    await db()
  ).transcriptRevision.findMany({
    where: { recordingId },
    orderBy: { number: "desc" },
    take: 100,
    select: {
      id: true,
      number: true,
      label: true,
      kind: true,
      createdAt: true,
      updatedAt: true,
      diff: true,
      author: { select: { firstName: true, lastName: true, email: true } },
    },
  });
  return rows.map(({ author, diff, ...row }) => ({
    ...row,
    author: authorName(author),
    diff: storedRevisionDiff(diff),
  }));
}

/**
 * Runs one editor action; the page's forms and the autosave route both come here. A change goes into the audit
 * trail once per person and transcript in REPEAT_LOG_WINDOW_MS: the autosave sends a save every few seconds of typing,
 * and the revisions (ADR 027) keep each change itself.
 */
export async function runEditorAction(
  userId: string,
  recordingId: string,
  input: EditorAction,
  source: AuditSource = {},
): Promise<SaveResult> {
  const result = await editorAction(userId, recordingId, input);
  if (result.revision) {
    await recordAuditOncePer(
      REPEAT_LOG_WINDOW_MS,
      await recordingAuditEntry(recordingId, { ...source, action: "transcript.edited", actorId: userId }),
    );
  }
  return result;
}

function editorAction(userId: string, recordingId: string, input: EditorAction): Promise<SaveResult> {
  switch (input.intent) {
    case "edit-segment":
      return editSegmentText(userId, recordingId, input.segmentId, input.text);
    case "replace-all":
      return replaceAll(userId, recordingId, input.find, input.replace, input);
    case "split":
      return splitSegmentAt(userId, recordingId, input.segmentId, input.offset);
    case "merge":
      return mergeWithNext(userId, recordingId, input.segmentId, input.speakerFrom);
    case "set-speaker":
      return setSegmentSpeaker(userId, recordingId, input.segmentId, input.speaker);
    case "restore-revision":
      return restoreRevision(userId, recordingId, input.revisionId);
    case "undo-revision":
      return undoRevision(userId, recordingId, input.revisionId);
  }
}

/** The toast after a form sent without JavaScript. */
export function editorActionToast(input: EditorAction, result: SaveResult): string {
  if (input.intent === "replace-all") return replaceAllReport(result.count);
  if (!result.revision) return "Nothing changed";
  return result.revision.label;
}

/** One segment of the recording, with its words, where it sits and every speaker's name; 404 when it is gone. */
async function editableSegment(userId: string, recordingId: string, segmentId: string) {
  const recording = await requireEditable(userId, recordingId);
  const client = await db();
  const outline = await client.transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: { id: true, speaker: true },
  });
  const index = outline.findIndex((candidate) => candidate.id === segmentId);
  if (index < 0) throw new RecordingError("That segment no longer exists.", 404);
  const { words, ...row } = await client.transcriptSegment.findUniqueOrThrow({
    where: { id: segmentId },
    select: { ...SEGMENT_COLUMNS, words: true },
  });
  const segment = editorSegment(row, words);
  return {
    recording: { id: recording.id, title: recording.title },
    /** What aligns the words typed into this transcript to the audio after a save, or why nothing does (ADR 047). */
    wordAligner: recording.audioDeletedAt
      ? ("no-audio" as const)
      : (alignerNameFor({ engine: recording.engine, language: recording.transcriptLanguage ?? recording.language }) ??
        ("none" as const)),
    segment,
    number: index + 1,
    total: outline.length,
    isLast: index === outline.length - 1,
    /** The next segment's speaker, when it is not this one's: a merge must then say whose the merged segment is. */
    nextSpeaker:
      index < outline.length - 1 && outline[index + 1].speaker !== row.speaker
        ? { speaker: outline[index + 1].speaker }
        : null,
    speakers: speakerNames(outline),
  };
}

/** The segment page (its forms work without JavaScript): its text, speaker, merge and notes. */
export const segmentToEdit = editableSegment;

/** One segment and the places it can be split (before each word but the first), for the split page. */
export async function segmentToSplit(userId: string, recordingId: string, segmentId: string) {
  const { recording, segment } = await editableSegment(userId, recordingId, segmentId);
  let offset = 0;
  const places = segment.words.map((word, index) => {
    const place = { offset, word: word.word, start: word.start, index };
    offset += word.word.length + 1;
    return place;
  });
  return { recording, segment, places: places.slice(1) };
}
