import type { RecordingComment } from "~/modules/comments/comments.server";
import { formatDate } from "~/utils/dates";
import { segmentHref } from "~/utils/transcript-links";

/**
 * Every note on the transcript, in the transcript's order, each a link to its segment (on whichever page of the
 * editor holds it). Notes are added and deleted beside the words they are on, in the transcript itself.
 */
export function NotesSection({
  recordingId,
  notes,
  canEdit,
}: {
  recordingId: string;
  notes: Pick<RecordingComment, "id" | "segmentId" | "quote" | "body" | "createdAt">[];
  canEdit: boolean;
}) {
  return (
    <section aria-labelledby="notes-title" className="rounded-xl border border-slate-200 p-6">
      <h2 id="notes-title" className="scroll-mt-48 font-semibold">
        Notes
      </h2>
      {notes.length ? (
        <ol className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="text-sm">
              <a href={segmentHref(recordingId, note.segmentId, `comment-${note.id}`)} className="block underline">
                {note.quote ? <q className="text-slate-700">{note.quote}</q> : "On a segment"}
              </a>
              <p className="mt-1 whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">{formatDate(note.createdAt, "dateTime")}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {canEdit
            ? "No notes yet. Select words in the transcript to add a note to them."
            : "Nobody has added a note to this transcript."}
        </p>
      )}
    </section>
  );
}
