// Notes on passages of a transcript (highlights): written by the recording's owner, shown in the page's margin,
// exported with the transcript.
import { db } from "~/modules/platform/database.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";

export interface NewComment {
  segmentId: string;
  quote: string;
  startOffset?: number;
  endOffset?: number;
  body: string;
}

/**
 * Where the quote is in the segment's text: the offsets given, when they hold exactly the quote (a selection in
 * the browser), else its first occurrence (a quote typed without JavaScript). Null for a note on the whole segment.
 */
function placeQuote(text: string, input: NewComment): { start: number; end: number } | null {
  if (!input.quote) return null;
  if (input.startOffset !== undefined && input.endOffset !== undefined) {
    if (text.slice(input.startOffset, input.endOffset).trim() === input.quote) {
      return { start: input.startOffset, end: input.endOffset };
    }
  }
  const at = text.indexOf(input.quote);
  if (at === -1)
    throw new RecordingError("The quoted text is not in that segment: copy it exactly, or leave it empty.", 400);
  return { start: at, end: at + input.quote.length };
}

/** Adds the owner's note on a passage of one of the recording's segments. */
export async function addComment(userId: string, recordingId: string, input: NewComment) {
  await requireRecording(userId, recordingId, "edit");
  const database = await db();
  const segment = await database.transcriptSegment.findFirst({
    where: { id: input.segmentId, recordingId },
    select: { id: true, text: true },
  });
  if (!segment) throw new RecordingError("That segment no longer exists.", 404);
  const place = placeQuote(segment.text, input);
  return database.transcriptComment.create({
    data: {
      recordingId,
      segmentId: segment.id,
      userId,
      quote: place ? segment.text.slice(place.start, place.end) : "",
      startOffset: place?.start ?? null,
      endOffset: place?.end ?? null,
      body: input.body,
    },
    select: { id: true, segmentId: true },
  });
}

/** The recording's notes (or one segment's) in transcript order, then oldest first. The caller has checked the owner. */
export async function recordingComments(recordingId: string, segmentId?: string) {
  return (await db()).transcriptComment.findMany({
    where: { recordingId, segmentId },
    orderBy: [{ segment: { position: "asc" } }, { createdAt: "asc" }],
    select: { id: true, segmentId: true, quote: true, startOffset: true, endOffset: true, body: true, createdAt: true },
  });
}
export type RecordingComment = Awaited<ReturnType<typeof recordingComments>>[number];

/** Deletes one of the recording's notes; answers the segment it was on. */
export async function deleteComment(userId: string, recordingId: string, commentId: string): Promise<string> {
  await requireRecording(userId, recordingId, "edit");
  const client = await db();
  const note = await client.transcriptComment.findFirst({
    where: { id: commentId, recordingId },
    select: { segmentId: true },
  });
  const { count } = await client.transcriptComment.deleteMany({ where: { id: commentId, recordingId } });
  if (!note || count === 0) throw new RecordingError("That note no longer exists.", 404);
  return note.segmentId;
}
