import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
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
export function SegmentNotes({ notes, busy }: { notes: SegmentNote[]; busy: boolean }) {
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
            <Form method="post" className="mt-1">
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
  const quoteInvalid = Boolean(fields.quote.errors?.length);
  const bodyInvalid = Boolean(fields.body.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      <FormErrors form={form} />
      <input type="hidden" name="segmentId" value={segmentId} />
      <div>
        <label htmlFor={fields.quote.id} className="block font-medium text-slate-800">
          Quoted text (optional)
        </label>
        <input
          {...getInputProps(fields.quote, { type: "text" })}
          maxLength={QUOTE_MAX}
          aria-invalid={quoteInvalid || undefined}
          aria-describedby={quoteInvalid ? fields.quote.errorId : `${fields.quote.id}-hint`}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1"
        />
        {quoteInvalid ? (
          <p id={fields.quote.errorId} role="alert" className="text-red-700">
            {fields.quote.errors?.join(" ")}
          </p>
        ) : (
          <p id={`${fields.quote.id}-hint`} className="text-xs text-slate-500">
            Copy words from this segment, or leave it empty for a note on the whole segment.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={fields.body.id} className="block font-medium text-slate-800">
          Note
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          maxLength={NOTE_MAX}
          rows={3}
          aria-invalid={bodyInvalid || undefined}
          aria-describedby={bodyInvalid ? fields.body.errorId : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1"
        />
        {bodyInvalid ? (
          <p id={fields.body.errorId} role="alert" className="text-red-700">
            {fields.body.errors?.join(" ")}
          </p>
        ) : null}
      </div>
      <button type="submit" name="intent" value="add-comment" disabled={busy} className={buttonClass("secondary")}>
        Add note
      </button>
    </Form>
  );
}
