// One segment of the editor. Its words are one HTML string (see words-html.ts): with JavaScript the text is edited in
// place (contenteditable) and React leaves it alone while the user types; without it, the disclosure below holds
// plain forms that post to the page (edit the text, merge with the next, give it to another speaker, split it).
import { memo, useMemo } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { SegmentState } from "~/modules/transcripts/editor-text";
import { formatDuration } from "~/modules/recordings/recording-format";
import { wordsHtml } from "./words-html";
import type { SubmissionResult } from "@conform-to/react";
import { SegmentNotes, type SegmentNote } from "~/components/comments/segment-notes";

export interface SegmentItemProps {
  recordingId: string;
  segment: SegmentState;
  isLast: boolean;
  /** With JavaScript: the text is editable in place. */
  editable: boolean;
  /** The user is typing in it: nothing is re-rendered until they leave. */
  editing: boolean;
  translation: { language: string; text: string; stale: boolean } | null;
  /** The notes in the segment's margin, and the reply to its refused "add a note" form. */
  notes: SegmentNote[];
  noteReply?: SubmissionResult<string[]>;
  busy: boolean;
  /** The form error for this segment, from a post without JavaScript. */
  error?: string;
}

function SegmentItemView({
  recordingId,
  segment,
  isLast,
  editable,
  translation,
  notes,
  noteReply,
  busy,
  error,
}: SegmentItemProps) {
  const time = formatDuration(segment.start);
  // One object per version of the words: React 19 rewrites innerHTML whenever this object is a new one, which on
  // focus (the item re-renders as "editing") would replace the clicked word and lose the caret.
  const html = useMemo(() => ({ __html: wordsHtml(segment.words) }), [segment.words]);
  const text = (
    <div
      data-segment-text={segment.id}
      contentEditable={editable || undefined}
      suppressContentEditableWarning
      role={editable ? "textbox" : undefined}
      aria-multiline={editable ? true : undefined}
      aria-label={editable ? `Text of the segment at ${time}` : undefined}
      spellCheck={editable ? true : undefined}
      className="mt-1 rounded px-1 leading-relaxed focus:outline-2 focus:outline-brand-600"
      dangerouslySetInnerHTML={html}
    />
  );
  return (
    <li
      id={`segment-${segment.id}`}
      data-segment={segment.id}
      className="scroll-mt-48 rounded-lg border border-slate-200 p-3 data-[current]:border-brand-600 data-[current]:bg-brand-50"
    >
      <div className="flex flex-wrap items-baseline gap-2 text-sm">
        <a
          href={`#segment-${segment.id}`}
          data-seek={segment.start}
          className="font-mono text-brand-700 underline"
          aria-label={`Play from ${time}`}
        >
          {time}
        </a>
        {segment.speaker ? <span className="font-semibold">{segment.speaker}</span> : null}
        {segment.edited ? <span className="text-xs text-slate-600">edited</span> : null}
      </div>
      {translation ? (
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {text}
          <p lang={translation.language} className="border-l-2 border-brand-200 pl-2 text-slate-800">
            {translation.text}
            {translation.stale ? (
              <span className="block text-xs text-amber-800">Out of date: edited after translation.</span>
            ) : null}
          </p>
        </div>
      ) : (
        text
      )}
      <SegmentNotes segmentId={segment.id} notes={notes} reply={noteReply} busy={busy} />
      <details className="mt-1 text-sm" open={error ? true : undefined}>
        <summary className="cursor-pointer text-slate-600">Edit</summary>
        <form method="post" action={`/transcription/${recordingId}`} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="edit-segment" />
          <input type="hidden" name="segmentId" value={segment.id} />
          <label htmlFor={`text-${segment.id}`} className="sr-only">
            Text of the segment at {time}
          </label>
          <textarea
            id={`text-${segment.id}`}
            name="text"
            defaultValue={segment.text}
            rows={3}
            required
            maxLength={5000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `text-${segment.id}-error` : undefined}
            className="w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500"
          />
          {error ? (
            <p id={`text-${segment.id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass("primary")}>
            Save segment
          </button>
        </form>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <form method="post" action={`/transcription/${recordingId}`} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="set-speaker" />
            <input type="hidden" name="segmentId" value={segment.id} />
            <label className="block">
              <span className="block text-slate-800">Speaker of this segment</span>
              <input
                name="speaker"
                list="editor-speakers"
                defaultValue={segment.speaker ?? ""}
                required
                maxLength={60}
                className="mt-1 w-44 rounded-md border border-slate-300 px-2 py-1"
              />
            </label>
            <button type="submit" className={buttonClass("secondary")}>
              Change speaker
            </button>
          </form>
          {isLast ? null : (
            <form method="post" action={`/transcription/${recordingId}`}>
              <input type="hidden" name="intent" value="merge" />
              <input type="hidden" name="segmentId" value={segment.id} />
              <button type="submit" className={buttonClass("secondary")}>
                Merge with next
              </button>
            </form>
          )}
          <Link
            to={`/transcription/${recordingId}/segments/${segment.id}/split`}
            className="py-2 text-brand-700 underline"
          >
            Split this segment…
          </Link>
        </div>
      </details>
    </li>
  );
}

/** While the user types in a segment, React does not touch it (the browser owns its text until they leave). */
export const SegmentItem = memo(SegmentItemView, (previous, next) => {
  if (previous.editing && next.editing) return true;
  return (
    previous.segment === next.segment &&
    previous.isLast === next.isLast &&
    previous.editable === next.editable &&
    previous.editing === next.editing &&
    previous.translation?.text === next.translation?.text &&
    previous.translation?.stale === next.translation?.stale &&
    previous.notes === next.notes &&
    previous.noteReply === next.noteReply &&
    previous.busy === next.busy &&
    previous.error === next.error
  );
});
