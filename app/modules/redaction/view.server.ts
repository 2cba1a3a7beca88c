// Which text a reader gets, and keeping the redacted text derived (ADR 048). The one door of redaction: every output
// (page, share link, API, export, translation, summary, search, webhook, email) asks `transcriptViewOf` and reads the
// segments' `redactedText` when the answer is "redacted".
import { z } from "zod";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { findRecording, RecordingError } from "~/modules/recordings/ownership.server";
import type { Reader } from "~/modules/workspaces/access.server";
import { TRANSCRIPT_VIEWS, type TranscriptView } from "./categories";
import { can, refusalSentence, type WorkspaceRole } from "~/modules/workspaces/policy";
import { deriveRedactedText, type RedactionSpan, scrubHiddenWords } from "./redacted-text";

export { TRANSCRIPT_VIEWS, type TranscriptView };

/**
 * The view a reader gets: the original only for a role that may see it (owner and admin), and only when they did not
 * ask for the redacted one; everyone else (other roles, a share link's visitor: role null) the redacted one. Where
 * nothing is redacted the two are the same text.
 */
export function transcriptViewOf(role: WorkspaceRole | null, requested: TranscriptView | null = null): TranscriptView {
  if (role === null || !can(role, "view-original")) return "redacted";
  return requested ?? "original";
}

/** transcriptViewOf for a reader who asked by name (`?view=`): asking for the original without the right is a 403. */
export function askedView(role: WorkspaceRole, requested: TranscriptView | null): TranscriptView {
  if (requested === "original" && !can(role, "view-original"))
    throw new RecordingError(refusalSentence(role, "view-original"), 403);
  return transcriptViewOf(role, requested);
}

const RequestedView = z.enum(TRANSCRIPT_VIEWS).nullable();

/**
 * The view a request asks for with `?view=original|redacted`, or null when it asks for none (then the reader's role
 * decides); anything else is a 400 that names the choices.
 */
export function requestedView(request: Request): TranscriptView | null {
  const parsed = RequestedView.safeParse(new URL(request.url).searchParams.get("view"));
  if (!parsed.success) throw new ExpectedError(`view must be one of: ${TRANSCRIPT_VIEWS.join(", ")}.`, 400);
  return parsed.data;
}

/** The segment's text in a view: the redacted text where the view is redacted and something is hidden. */
export const textInView = (segment: { text: string; redactedText: string | null }, view: TranscriptView) =>
  view === "redacted" && segment.redactedText !== null ? segment.redactedText : segment.text;

/** Does the recording hide anything (an accepted redaction)? */
export async function hasAcceptedRedactions(recordingId: string): Promise<boolean> {
  return (await (await db()).redaction.count({ where: { recordingId, status: "ACCEPTED" } })) > 0;
}

/**
 * Derives each segment's redacted text again from its text and the recording's accepted redactions: after a
 * redaction is accepted, added or removed, and after an edit of the text. Each span is hidden where it is, and its
 * words wherever else they occur in the transcript (a name redacted once is hidden in every segment), so the stored
 * text, the search over it and every output agree. Every segment is derived: one accepted name can change any
 * segment. Returns the accepted redactions whose words the text no longer holds (an edit changed them), which the redaction page lists.
 */
export async function refreshRedactedText(recordingId: string): Promise<RedactionSpan[]> {
  const database = await db();
  const [segments, accepted] = await Promise.all([
    database.transcriptSegment.findMany({
      where: { recordingId },
      select: { id: true, text: true, redactedText: true },
    }),
    database.redaction.findMany({
      where: { recordingId, status: "ACCEPTED" },
      select: { segmentId: true, startOffset: true, endOffset: true, text: true, category: true },
    }),
  ]);
  const lost: RedactionSpan[] = [];
  const changed: string[] = [];
  for (const segment of segments) {
    const own = accepted.filter((span) => span.segmentId === segment.id);
    const redacted = deriveRedactedText(segment.text, own, accepted);
    lost.push(...own.filter((span) => !segment.text.includes(span.text)));
    if (redacted !== segment.redactedText) {
      await database.transcriptSegment.update({ where: { id: segment.id }, data: { redactedText: redacted } });
      changed.push(segment.id);
    }
  }
  // Translations and the summary are made from the redacted text, so none holds what is hidden: those made before
  // this change are dropped (the owner makes them again), rather than kept with the original inside.
  if (changed.length) {
    await database.segmentTranslation.deleteMany({ where: { segmentId: { in: changed } } });
    await database.transcriptSummary.deleteMany({ where: { recordingId } });
  }
  return lost;
}

/**
 * scrubHiddenWords over every string in a page's or response's data: the safety net behind the redacted text, so a
 * field that quotes the transcript (a revision, a review flag, a note) cannot carry hidden words to a reader.
 */
export function scrubEverything<T>(value: T, hidden: { text: string; category: string }[]): T {
  if (!hidden.length) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return scrubHiddenWords(item, hidden);
    if (Array.isArray(item)) return item.map(walk);
    if (item instanceof Date || item === null || typeof item !== "object") return item;
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
  };
  return walk(value) as T;
}

/** The words hidden from the reader: none for a role that may see the original, else the accepted redactions'. */
export async function hiddenFrom(reader: Reader, recordingId: string): Promise<{ text: string; category: string }[]> {
  const { role } = await findRecording(reader, recordingId);
  if (role && can(role, "view-original")) return [];
  return hiddenWords(recordingId);
}

/** The words the recording's accepted redactions hide, for scrubHiddenWords. */
export async function hiddenWords(recordingId: string): Promise<{ text: string; category: string }[]> {
  return (await db()).redaction.findMany({
    where: { recordingId, status: "ACCEPTED" },
    select: { text: true, category: true },
  });
}

/**
 * The workspace's rule "redaction required for everything that leaves the workspace" (ADR 048): with it on, a share
 * link or an export is made only from the redacted version, and only once a person reviewed it. Answers the view the
 * output must use; throws 409 when the review is missing.
 */
export async function viewLeavingWorkspace(
  recording: { workspaceId: string; redactionReviewedAt: Date | null },
  view: TranscriptView,
): Promise<TranscriptView> {
  if (!(await redactionRequired(recording.workspaceId))) return view;
  if (!recording.redactionReviewedAt) throw new RecordingError(REDACTION_REVIEW_REQUIRED, 409);
  return "redacted";
}

/** Does the workspace require redaction for everything that leaves it? */
export async function redactionRequired(workspaceId: string): Promise<boolean> {
  const workspace = await (
    await db()
  ).workspace.findUnique({ where: { id: workspaceId }, select: { redactionRequired: true } });
  return workspace?.redactionRequired ?? false;
}

/**
 * May a share link show the recording now? Not while the workspace requires redaction and the redactions wait for a
 * review (a change after the review clears it): the link answers again once a person reviewed them.
 */
export async function mayLeaveWorkspace(recording: { workspaceId: string; redactionReviewedAt: Date | null }) {
  return recording.redactionReviewedAt !== null || !(await redactionRequired(recording.workspaceId));
}

export const REDACTION_REVIEW_REQUIRED =
  "This workspace requires redaction before anything leaves it: an owner or admin must review this transcript's redactions first.";
