// The redaction page's suggestions (ADR 048): grouped by category, each in its context with Accept and Reject, and
// Accept all / Reject all per category. Plain form posts: they work without JavaScript.
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  isRedactionCategory,
  REDACTION_CATEGORIES,
  REDACTION_CATEGORY_NAMES,
  redactionLabel,
} from "~/modules/redaction/categories";
import { formatTimestamp } from "~/utils/timestamps";

export interface RedactionItem {
  id: string;
  segmentId: string;
  startOffset: number;
  endOffset: number;
  text: string;
  category: string;
  source: string;
  status: string;
}

export interface SegmentItem {
  id: string;
  position: number;
  start: number;
  text: string;
}

const CONTEXT_CHARS = 40;

/** A little of the segment's text around the span, cut at spaces, with the span itself marked. */
export function SpanInContext({ text, start, end }: { text: string; start: number; end: number }) {
  let from = Math.max(0, start - CONTEXT_CHARS);
  let to = Math.min(text.length, end + CONTEXT_CHARS);
  if (from > 0) from = text.indexOf(" ", from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(" ", to) > end ? text.lastIndexOf(" ", to) : to;
  return (
    <span>
      {from > 0 ? "…" : ""}
      {text.slice(from, start)}
      <mark className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">{text.slice(start, end)}</mark>
      {text.slice(end, to)}
      {to < text.length ? "…" : ""}
    </span>
  );
}

/** Category names in the order of REDACTION_CATEGORIES, then any unknown ones. */
export function categoryOrder(categories: Iterable<string>) {
  const present = new Set(categories);
  return [
    ...REDACTION_CATEGORIES.filter((category) => present.has(category)),
    ...[...present].filter((category) => !isRedactionCategory(category)),
  ];
}

/** Items grouped by a key, in the order first seen (Map.groupBy, which the TypeScript target does not have yet). */
export function groupBy<Item>(items: Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export const categoryName = (category: string) =>
  isRedactionCategory(category) ? REDACTION_CATEGORY_NAMES[category] : category;

export function RedactionSuggestions({
  suggestions,
  segments,
  busy,
}: {
  suggestions: RedactionItem[];
  segments: SegmentItem[];
  busy: boolean;
}) {
  const segmentOf = new Map(segments.map((segment) => [segment.id, segment]));
  const byCategory = groupBy(suggestions, (suggestion) => suggestion.category);
  return (
    <section aria-labelledby="suggestions-title" className="mt-8">
      <h2 id="suggestions-title" className="text-xl font-semibold">
        Suggestions
      </h2>
      {suggestions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No suggestions wait for a decision. “Find suggestions” looks for email addresses, phone numbers, card numbers,
          names and more; you can also redact any words by hand below.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Nothing is hidden until you accept it. A rejected suggestion is not suggested again.
        </p>
      )}
      {categoryOrder(byCategory.keys()).map((category) => {
        const items = byCategory.get(category)!;
        const headingId = `suggestions-${category}`;
        return (
          <section
            key={category}
            aria-labelledby={headingId}
            className="mt-4 rounded-xl border border-slate-200 p-4"
            data-category={category}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={headingId} className="font-semibold">
                {categoryName(category)} <span className="font-normal text-slate-600">({items.length})</span>
              </h3>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="category" value={category} />
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  disabled={busy}
                  className={buttonClass("primary")}
                  aria-label={`Accept all ${categoryName(category).toLowerCase()}`}
                >
                  Accept all
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="reject"
                  disabled={busy}
                  className={buttonClass("secondary")}
                  aria-label={`Reject all ${categoryName(category).toLowerCase()}`}
                >
                  Reject all
                </button>
              </Form>
            </div>
            <ul className="mt-3 divide-y divide-slate-100">
              {items.map((item) => {
                const segment = segmentOf.get(item.segmentId);
                return (
                  <li key={item.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
                    <p className="text-sm">
                      <span className="mr-2 font-mono text-xs text-slate-600">
                        {segment ? formatTimestamp(segment.start) : ""}
                      </span>
                      <span className="mr-2 rounded bg-slate-100 px-1 text-xs font-medium text-slate-700">
                        {redactionLabel(item.category)}
                      </span>
                      {segment ? (
                        <SpanInContext text={segment.text} start={item.startOffset} end={item.endOffset} />
                      ) : (
                        item.text
                      )}
                    </p>
                    <Form method="post" className="flex shrink-0 gap-2">
                      <input type="hidden" name="id" value={item.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        disabled={busy}
                        className={buttonClass("secondary")}
                        aria-label={`Accept “${item.text}”`}
                      >
                        Accept
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="reject"
                        disabled={busy}
                        className={buttonClass("secondary")}
                        aria-label={`Reject “${item.text}”`}
                      >
                        Reject
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
