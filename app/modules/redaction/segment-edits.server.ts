// Redactions through an edit of the transcript's text (ADR 048): the editor's saves (edit, replace, split, merge,
// undo, restore) call these inside their transaction, so the redacted text is never a moment behind the text and a
// split or merge does not drop a redaction with the segment it removes.
import type { Prisma } from "~/generated/prisma/client";
import { RecordingError } from "~/modules/recordings/ownership.server";
import { deriveRedactedText } from "./redacted-text";

type Tx = Prisma.TransactionClient;

/** One run of segments an edit changed, as the editor's diff gives it (only what this needs of each segment). */
export interface EditedRun {
  before: { id: string; text: string }[];
  after: { id: string; text: string }[];
}

export const REDACTED_EDIT_REFUSED = "This passage is redacted: only an owner or admin can edit it.";

type StoredRedaction = Prisma.RedactionGetPayload<object>;

export interface RedactionCarry {
  runs: EditedRun[];
  /** The redactions of the segments the edit changed, as they were before it. */
  rows: StoredRedaction[];
}

/** Does the run keep the segment as it was (same id, same text)? */
const keepsSegment = (run: EditedRun, segment: { id: string; text: string }) =>
  run.after.some((after) => after.id === segment.id && after.text === segment.text);

/**
 * Before the edit is written: refuses it (403) when someone who may not read the original would change the text of a
 * segment with accepted redactions (they see only its labels, and would write them over the hidden words), and
 * reads the redactions that must follow the edited text.
 */
export async function redactionsBeforeEdit(
  tx: Tx,
  recordingId: string,
  runs: EditedRun[],
  mayViewOriginal: boolean,
): Promise<RedactionCarry> {
  const beforeIds = runs.flatMap((run) => run.before.map((segment) => segment.id));
  const rows = beforeIds.length
    ? await tx.redaction.findMany({ where: { recordingId, segmentId: { in: beforeIds } } })
    : [];
  if (!mayViewOriginal) {
    const redacted = new Set(rows.filter((row) => row.status === "ACCEPTED").map((row) => row.segmentId));
    const overwritten = runs.some((run) =>
      run.before.some((segment) => redacted.has(segment.id) && !keepsSegment(run, segment)),
    );
    if (overwritten) throw new RecordingError(REDACTED_EDIT_REFUSED, 403);
  }
  return { runs, rows };
}

/** Where each segment of a run starts in the run's text joined by spaces: to compare places across a split or merge. */
function bases(segments: { text: string }[]) {
  let at = 0;
  return segments.map((segment) => {
    const base = at;
    at += segment.text.length + 1;
    return base;
  });
}

const STATUS_RANK = { ACCEPTED: 0, REJECTED: 1, SUGGESTED: 2 } as const;

/**
 * After the edit is written: each redaction moves to the segment and place its words are now at (nearest where they
 * were: a split sends them to the part that holds them, a merge to the merged segment), the changed segments' redacted
 * text is derived again, and the review is cleared when a redacted segment changed. A redaction whose words the edit
 * removed stays where it was (or on the run's first segment) and the redaction page lists it as lost.
 */
export async function redactionsAfterEdit(tx: Tx, recordingId: string, carry: RedactionCarry): Promise<void> {
  if (!carry.rows.length) return deriveEdited(tx, recordingId, carry.runs);
  const moved: StoredRedaction[] = [];
  let redactedChanged = false;
  for (const run of carry.runs) {
    const beforeIds = new Set(run.before.map((segment) => segment.id));
    const rows = carry.rows.filter((row) => beforeIds.has(row.segmentId));
    if (!rows.length || !run.after.length) continue;
    const beforeBase = new Map(bases(run.before).map((base, index) => [run.before[index].id, base]));
    const afterBase = bases(run.after);
    for (const row of rows) {
      const was = beforeBase.get(row.segmentId)! + row.startOffset;
      let best: { segmentId: string; at: number; distance: number } | null = null;
      run.after.forEach((segment, index) => {
        if (!row.text) return;
        for (let at = segment.text.indexOf(row.text); at !== -1; at = segment.text.indexOf(row.text, at + 1)) {
          const distance = Math.abs(afterBase[index] + at - was);
          if (!best || distance < best.distance) best = { segmentId: segment.id, at, distance };
        }
      });
      const found = best as { segmentId: string; at: number } | null;
      if (found)
        moved.push({
          ...row,
          segmentId: found.segmentId,
          startOffset: found.at,
          endOffset: found.at + row.text.length,
        });
      else {
        const stays = run.after.some((segment) => segment.id === row.segmentId);
        moved.push(stays ? row : { ...row, segmentId: run.after[0].id });
      }
    }
    if (
      rows.some((row) => row.status === "ACCEPTED") &&
      run.before.some((segment) => rows.some((row) => row.segmentId === segment.id) && !keepsSegment(run, segment))
    )
      redactedChanged = true;
  }
  // One row per place (the table's key): an accepted one wins over a decision not to hide, and that over a suggestion.
  const byPlace = new Map<string, StoredRedaction>();
  for (const row of moved.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status])) {
    const key = `${row.segmentId}:${row.startOffset}:${row.endOffset}`;
    if (!byPlace.has(key)) byPlace.set(key, row);
  }
  await tx.redaction.deleteMany({ where: { id: { in: carry.rows.map((row) => row.id) } } });
  await tx.redaction.createMany({ data: [...byPlace.values()] });

  await deriveEdited(tx, recordingId, carry.runs);
  if (redactedChanged)
    await tx.recording.update({
      where: { id: recordingId },
      data: { redactionReviewedAt: null, redactionReviewedById: null },
    });
}

/**
 * Derives the edited segments' redacted text again, those without spans of their own too: a word hidden elsewhere in
 * the transcript is hidden in the new text as well (deriveRedactedText).
 */
async function deriveEdited(tx: Tx, recordingId: string, runs: EditedRun[]): Promise<void> {
  const accepted = await tx.redaction.findMany({
    where: { recordingId, status: "ACCEPTED" },
    select: { segmentId: true, startOffset: true, endOffset: true, text: true, category: true },
  });
  if (!accepted.length) return;
  for (const segment of runs.flatMap((run) => run.after)) {
    const own = accepted.filter((row) => row.segmentId === segment.id);
    await tx.transcriptSegment.update({
      where: { id: segment.id },
      data: { redactedText: deriveRedactedText(segment.text, own, accepted) },
    });
  }
}
