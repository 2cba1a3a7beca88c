// The redaction page's transcript (ADR 048): accepted spans highlighted with their label and a Remove each, the
// preview "as others see it", and redacting by hand. Without JavaScript each segment has a link to a plain form (first
// and last word, category); with it, its words are buttons: drag or click and Shift+click with the mouse, or arrows and
// Shift+arrows with the keyboard, then "Redact selection" with a category.
import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SELECT_CLASS } from "~/components/ui/select";
import { REDACTION_CATEGORIES, REDACTION_LABELS, redactionLabel } from "~/modules/redaction/categories";
import { locateSpans } from "~/modules/redaction/redacted-text";
import { type TextWord, wordsOf } from "~/modules/redaction/word-spans";
import { formatTimestamp } from "~/utils/timestamps";
import { useHydrated } from "~/utils/use-hydrated";
import { groupBy, type RedactionItem } from "./redaction-suggestions";

export interface TranscriptSegmentItem {
  id: string;
  position: number;
  start: number;
  speaker: string | null;
  text: string;
  redactedText: string | null;
}

const MARK = "rounded bg-slate-800 px-0.5 text-white";

/** The segment's text with its accepted spans marked, each followed by its label. */
function TextWithSpans({ text, accepted }: { text: string; accepted: RedactionItem[] }) {
  const { located } = locateSpans(text, accepted);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const span of located) {
    parts.push(text.slice(at, span.start));
    parts.push(
      <mark key={span.start} className={MARK}>
        {text.slice(span.start, span.end)}
        <span className="ml-1 text-xs font-semibold">{redactionLabel(span.category)}</span>
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function CategorySelect({ id, chooser }: { id: string; chooser?: React.Ref<HTMLSelectElement> }) {
  return (
    <select ref={chooser} id={id} name="category" defaultValue="OTHER" className={`${SELECT_CLASS} sm:w-auto`}>
      {REDACTION_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {REDACTION_LABELS[category]}
        </option>
      ))}
    </select>
  );
}

/** Without JavaScript: the words of one segment to choose from, first and last, and a category. */
export function ManualRedactionForm({ segment, busy }: { segment: TranscriptSegmentItem; busy: boolean }) {
  const words = wordsOf(segment.text);
  const prefix = `manual-${segment.id}`;
  return (
    <Form
      method="post"
      id="manual-redaction"
      className="mt-3 grid gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3 sm:grid-cols-4"
      aria-label={`Redact words of the segment at ${formatTimestamp(segment.start)}`}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="segmentId" value={segment.id} />
      <div>
        <label htmlFor={`${prefix}-start`} className="text-sm font-medium">
          First word
        </label>
        <select id={`${prefix}-start`} name="start" className={SELECT_CLASS}>
          {words.map((word, index) => (
            <option key={word.start} value={word.start}>
              {index + 1}. {word.word}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-end`} className="text-sm font-medium">
          Last word
        </label>
        <select id={`${prefix}-end`} name="end" className={SELECT_CLASS}>
          {words.map((word, index) => (
            <option key={word.end} value={word.end}>
              {index + 1}. {word.word}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-category`} className="text-sm font-medium">
          Category
        </label>
        <CategorySelect id={`${prefix}-category`} />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          Redact
        </button>
        <Link to="?" className="text-sm underline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** With JavaScript: the segment's words as buttons to select a passage from, and "Redact selection". */
function WordPicker({
  segment,
  accepted,
  busy,
}: {
  segment: TranscriptSegmentItem;
  accepted: RedactionItem[];
  busy: boolean;
}) {
  const words = wordsOf(segment.text);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focus, setFocus] = useState(0);
  const [extent, setExtent] = useState<number | null>(null);
  const dragging = useRef(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const categoryChooser = useRef<HTMLSelectElement>(null);
  const hidden = locateSpans(segment.text, accepted).located;

  useEffect(() => {
    const stop = () => (dragging.current = false);
    document.addEventListener("pointerup", stop);
    return () => document.removeEventListener("pointerup", stop);
  }, []);

  const selected =
    anchor === null || extent === null ? null : { from: Math.min(anchor, extent), to: Math.max(anchor, extent) };
  const isSelected = (index: number) => selected !== null && index >= selected.from && index <= selected.to;
  const isHidden = (word: TextWord) => hidden.some((span) => word.start < span.end && word.end > span.start);

  const move = (index: number, extend: boolean) => {
    const next = Math.max(0, Math.min(words.length - 1, index));
    setFocus(next);
    buttons.current[next]?.focus();
    if (extend) {
      if (anchor === null) setAnchor(focus);
      setExtent(next);
    }
  };
  const choose = (index: number, extend: boolean) => {
    if (extend && anchor !== null) setExtent(index);
    else {
      setAnchor(index);
      setExtent(index);
    }
    setFocus(index);
  };
  const clear = () => {
    setAnchor(null);
    setExtent(null);
  };

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      move(index + (event.key === "ArrowRight" ? 1 : -1), event.shiftKey);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      move(event.key === "Home" ? 0 : words.length - 1, event.shiftKey);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      // Enter on a selected word goes on to the category, then "Redact selection" (not to the button itself: the
      // same key press would go on to press it); on any other word it selects that word.
      if (event.key === "Enter" && isSelected(index)) categoryChooser.current?.focus();
      else choose(index, event.shiftKey);
    } else if (event.key === "Escape") clear();
  };

  const passage = selected ? segment.text.slice(words[selected.from].start, words[selected.to].end) : "";
  return (
    <div>
      <div
        role="group"
        aria-label={`Words of the segment at ${formatTimestamp(segment.start)}: select words to redact`}
        className="leading-relaxed select-none"
      >
        {words.map((word, index) => (
          <span key={word.start}>
            <button
              type="button"
              ref={(element) => {
                buttons.current[index] = element;
              }}
              tabIndex={index === focus ? 0 : -1}
              aria-pressed={isSelected(index)}
              data-word={index}
              className={`rounded px-0.5 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
                isSelected(index) ? "bg-blue-700 text-white" : isHidden(word) ? MARK : "hover:bg-slate-100"
              }`}
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                dragging.current = true;
                choose(index, event.shiftKey);
              }}
              onPointerEnter={() => {
                if (dragging.current) {
                  setExtent(index);
                  setFocus(index);
                }
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {word.word}
            </button>{" "}
          </span>
        ))}
      </div>
      {selected ? (
        <Form
          method="post"
          className="mt-2 flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 sm:flex-row sm:items-end"
          aria-label="Redact the selected words"
          onSubmit={() => setTimeout(clear, 0)}
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="segmentId" value={segment.id} />
          <input type="hidden" name="start" value={words[selected.from].start} />
          <input type="hidden" name="end" value={words[selected.to].end} />
          <p className="text-sm sm:flex-1">
            Selected: <q className="font-medium">{passage}</q>
          </p>
          <div>
            <label htmlFor={`selection-category-${segment.id}`} className="text-sm font-medium">
              Category
            </label>
            <CategorySelect id={`selection-category-${segment.id}`} chooser={categoryChooser} />
          </div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Redact selection
          </button>
          <button type="button" onClick={clear} className={buttonClass("secondary")}>
            Cancel
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function RedactionTranscript({
  segments,
  redactions,
  preview,
  manualSegmentId,
  busy,
}: {
  segments: TranscriptSegmentItem[];
  redactions: RedactionItem[];
  /** "As others see it": the redacted text, with nothing to change. */
  preview: boolean;
  /** The segment whose plain redaction form is open (?redact=<id>: the way without JavaScript). */
  manualSegmentId: string | null;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const accepted = groupBy(
    redactions.filter((row) => row.status === "ACCEPTED"),
    (row) => row.segmentId,
  );
  return (
    <section aria-labelledby="transcript-title" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="transcript-title" className="text-xl font-semibold">
          {preview ? "The transcript as others see it" : "The transcript"}
        </h2>
        <Link to={preview ? "?" : "?view=redacted"} className="text-sm underline" preventScrollReset>
          {preview ? "Show the original with its redactions" : "Preview as others see it"}
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {preview
          ? "Members without access to the original, share links, exports and the API get this text."
          : hydrated
            ? "Select words with the mouse (drag, or click and Shift+click), or with the arrow keys (Shift+arrows to extend), then “Redact selection”."
            : "Choose “Redact words” on a segment to hide words of it."}
      </p>
      <ol className="mt-4 space-y-4">
        {segments.map((segment) => {
          const spans = accepted.get(segment.id) ?? [];
          return (
            <li key={segment.id} className="rounded-lg border border-slate-200 p-3" data-segment={segment.position}>
              <p className="text-xs text-slate-600">
                <span className="font-mono">{formatTimestamp(segment.start)}</span>
                {segment.speaker ? <span className="ml-2 font-medium">{segment.speaker}</span> : null}
              </p>
              {preview ? (
                <p className="mt-1">{segment.redactedText ?? segment.text}</p>
              ) : hydrated ? (
                <div className="mt-1">
                  <WordPicker segment={segment} accepted={spans} busy={busy} />
                </div>
              ) : (
                <p className="mt-1">
                  <TextWithSpans text={segment.text} accepted={spans} />
                </p>
              )}
              {!preview && spans.length ? (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label="Redactions in this segment">
                  {spans.map((span) => (
                    <li key={span.id}>
                      <Form method="post" className="flex items-center gap-2 rounded bg-slate-100 px-2 py-1 text-sm">
                        <input type="hidden" name="id" value={span.id} />
                        <span>
                          {redactionLabel(span.category)} <q>{span.text}</q>
                        </span>
                        <button
                          type="submit"
                          name="intent"
                          value="remove"
                          disabled={busy}
                          className="underline"
                          aria-label={`Remove the redaction of “${span.text}”`}
                        >
                          Remove
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              ) : null}
              {!preview && manualSegmentId === segment.id ? (
                <ManualRedactionForm segment={segment} busy={busy} />
              ) : null}
              {!preview && manualSegmentId !== segment.id ? (
                <Link
                  to={`?redact=${segment.id}#manual-redaction`}
                  className="mt-2 inline-block text-sm underline"
                  aria-label={`Redact words of the segment at ${formatTimestamp(segment.start)}`}
                  preventScrollReset
                >
                  Redact words
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
