import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors, TextArea } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { AddCommentSchema, NOTE_MAX, QUOTE_MAX } from "~/modules/comments/comment-forms";

export interface SegmentNote {
  id: string;
  segmentId: string;
  quote: string;
  body: string;
}

/**
 * A segment's notes, in the margin beside its text on wide screens (under it on narrow ones), each with its delete
 * button. Notes are added on the segment's own page (AddNoteForm, which works without JavaScript) or, with it, by
 * selecting text (SelectionNotePopover). React escapes the quote and the note like any text.
 */
export function SegmentNotes({
  notes,
  busy,
  mayDelete = true,
}: {
  notes: SegmentNote[];
  busy: boolean;
  /** False for a role that may not edit (a viewer reads the notes). */
  mayDelete?: boolean;
}) {
  if (!notes.length) return null;
  return (
    <aside aria-label="Notes" className="mt-2 text-sm lg:float-right lg:mt-0 lg:ml-4 lg:w-64">
      <ul className="space-y-2">
        {notes.map((note) => (
          <li
            key={note.id}
            id={`comment-${note.id}`}
            className="scroll-mt-48 rounded-md border-l-4 border-amber-400 bg-amber-50 px-2 py-1"
          >
            {note.quote ? <q className="block text-xs text-slate-600 italic">{note.quote}</q> : null}
            <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
            <Form method="post" className="mt-1" hidden={!mayDelete}>
              <input type="hidden" name="intent" value="delete-comment" />
              <input type="hidden" name="commentId" value={note.id} />
              <button
                type="submit"
                disabled={busy}
                className="text-xs text-slate-600 underline"
                aria-label={`Delete note: ${note.body.slice(0, 40)}`}
              >
                Delete note
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** Adds a note to one segment: the passage to quote is typed (or pasted), or left empty for the whole segment. */
export function AddNoteForm({
  segmentId,
  reply,
  busy,
}: {
  segmentId: string;
  reply: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(`add-comment-${segmentId}`, AddCommentSchema, reply, {
    intent: "add-comment",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      <FormErrors form={form} />
      <input type="hidden" name="segmentId" value={segmentId} />
      <Field
        label="Quoted text (optional)"
        hint="Copy words from this segment, or leave it empty for a note on the whole segment."
        field={fields.quote}
        type="text"
        maxLength={QUOTE_MAX}
      />
      <TextArea label="Note" field={fields.body} maxLength={NOTE_MAX} rows={3} />
      <button type="submit" name="intent" value="add-comment" disabled={busy} className={buttonClass("secondary")}>
        Add note
      </button>
    </Form>
  );
}
