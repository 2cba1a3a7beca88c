// One segment of the editor. Its words are one HTML string (see words-html.ts): with JavaScript the text is edited in
// place (contenteditable) and React leaves it alone while the user types; the segment's own page has the forms that
// work without it (edit the text, give it to another speaker, merge with the next, split it, add a note).
import { memo, useMemo } from "react";
import { Link } from "react-router";
import type { SegmentState } from "~/modules/transcripts/editor-text";
import { formatTimestamp } from "~/utils/timestamps";
import { wordsHtml } from "./words-html";
import { SegmentNotes, type SegmentNote } from "~/components/comments/segment-notes";

export interface SegmentItemProps {
  recordingId: string;
  segment: SegmentState;
  /** With JavaScript: the text is editable in place. */
  editable: boolean;
  /** The reader's role may edit: the link to the segment's own forms, and deleting notes (false for a viewer). */
  mayEdit: boolean;
  /** The user is typing in it: nothing is re-rendered until they leave. */
  editing: boolean;
  translation: { language: string; text: string; stale: boolean } | null;
  /** The notes in the segment's margin. */
  notes: SegmentNote[];
  busy: boolean;
}

function SegmentItemView({ recordingId, segment, editable, mayEdit, translation, notes, busy }: SegmentItemProps) {
  const time = formatTimestamp(segment.start);
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
      <SegmentNotes notes={notes} busy={busy} mayDelete={mayEdit} />
      {/* The segment's forms (text, speaker, merge, split, notes) are on its own page: 50 segments' worth of forms made
          the editor's page slow to load and to start (docs/performance.md). */}
      {mayEdit ? (
        <p className="mt-1 text-sm">
          <Link to={`/transcription/${recordingId}/segments/${segment.id}`} className="text-slate-600 underline">
            Edit segment<span className="sr-only"> at {time}: text, speaker, notes, merge or split</span>…
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/** While the user types in a segment, React does not touch it (the browser owns its text until they leave). */
export const SegmentItem = memo(SegmentItemView, (previous, next) => {
  if (previous.editing && next.editing) return true;
  return (
    previous.segment === next.segment &&
    previous.editable === next.editable &&
    previous.mayEdit === next.mayEdit &&
    previous.editing === next.editing &&
    previous.translation?.text === next.translation?.text &&
    previous.translation?.stale === next.translation?.stale &&
    previous.notes === next.notes &&
    previous.busy === next.busy
  );
});
