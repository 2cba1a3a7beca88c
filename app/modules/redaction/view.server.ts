// Which text a reader gets, and keeping the redacted text derived (ADR 048). The one door of redaction: every output
// (page, share link, API, export, translation, summary, search, webhook, email) asks `transcriptViewOf` and reads the
// segments' `redactedText` when the answer is "redacted".
import { z } from "zod";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { can, type WorkspaceRole } from "~/modules/workspaces/policy";
import { type RedactionSpan, redactText } from "./redacted-text";

export const TRANSCRIPT_VIEWS = ["original", "redacted"] as const;
export type TranscriptView = (typeof TRANSCRIPT_VIEWS)[number];

/**
 * The view a reader gets: the original only for a role that may see it (owner and admin), and only when they did not
 * ask for the redacted one; everyone else (other roles, a share link's visitor: role null) the redacted one. Where
 * nothing is redacted the two are the same text.
 */
export function transcriptViewOf(role: WorkspaceRole | null, requested: TranscriptView | null = null): TranscriptView {
  if (role === null || !can(role, "view-original")) return "redacted";
  return requested ?? "original";
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
 * Derives each segment's redacted text again from its text and its accepted redactions: after a redaction is
 * accepted, added or removed, and after an edit of the text. `segmentIds` limits it to those segments; returns the
 * redactions whose words the text no longer holds (an edit changed them), which the redaction page lists.
 */
export async function refreshRedactedText(recordingId: string, segmentIds?: string[]): Promise<RedactionSpan[]> {
  const database = await db();
  const segments = await database.transcriptSegment.findMany({
    where: { recordingId, ...(segmentIds ? { id: { in: segmentIds } } : {}) },
    select: {
      id: true,
      text: true,
      redactedText: true,
      redactions: {
        where: { status: "ACCEPTED" },
        select: { startOffset: true, endOffset: true, text: true, category: true },
      },
    },
  });
  const lost: RedactionSpan[] = [];
  for (const segment of segments) {
    const spans = segment.redactions;
    const redacted = spans.length ? redactText(segment.text, spans) : null;
    if (spans.length) {
      const found = new Set(spans.filter((span) => segment.text.includes(span.text)).map((span) => span.text));
      lost.push(...spans.filter((span) => !found.has(span.text)));
    }
    if (redacted !== segment.redactedText)
      await database.transcriptSegment.update({ where: { id: segment.id }, data: { redactedText: redacted } });
  }
  return lost;
}
