// Find and replace across the transcript. Without JavaScript it is a form: "Replace all" posts to the page, which
// replaces every match in one transaction, as one revision. With JavaScript it also counts the matches as you type,
// steps through them, and the replacement can be undone from the toolbar.
import { useMemo, useRef, useState, type RefObject } from "react";
import { buttonClass } from "~/components/ui/button";
import { countMatches, findPattern, type SegmentState } from "~/modules/transcripts/editor-text";
import { countOf } from "~/utils/plural";

export function FindReplace({
  detailsRef,
  recordingId,
  segments,
  paged,
  enhanced,
  error,
  onReplaceAll,
  onShow,
}: {
  detailsRef: RefObject<HTMLDetailsElement | null>;
  recordingId: string;
  segments: SegmentState[];
  /** The segments are one page of a longer transcript: matches are counted on it, replaced everywhere. */
  paged: boolean;
  enhanced: boolean;
  error?: string;
  onReplaceAll: (fields: Record<string, string>) => Promise<void>;
  onShow: (segmentId: string) => void;
}) {
  const [find, setFind] = useState("");
  const [matchCase, setMatchCase] = useState(false);
  const [wholeWord, setWholeWord] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = useRef(-1);
  const matches = useMemo(() => {
    const pattern = findPattern(find, { matchCase, wholeWord });
    if (!pattern) return { total: 0, segments: [] as string[] };
    let total = 0;
    const found: string[] = [];
    for (const segment of segments) {
      const count = countMatches(segment.text, pattern);
      if (count) {
        total += count;
        found.push(segment.id);
      }
    }
    return { total, segments: found };
  }, [find, matchCase, wholeWord, segments]);

  return (
    <details ref={detailsRef} open={error ? true : undefined} className="mt-4 rounded-xl border border-slate-200 p-4">
      <summary className="cursor-pointer font-semibold">Find and replace</summary>
      <form
        method="post"
        action={`/transcription/${recordingId}`}
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy(true);
          void onReplaceAll({
            find: String(form.get("find") ?? ""),
            replace: String(form.get("replace") ?? ""),
            ...(form.get("matchCase") ? { matchCase: "on" } : {}),
            ...(form.get("wholeWord") ? { wholeWord: "on" } : {}),
          }).finally(() => setBusy(false));
        }}
      >
        <input type="hidden" name="intent" value="replace-all" />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium">
            Find
            <input
              name="find"
              type="search"
              required
              maxLength={200}
              value={enhanced ? find : undefined}
              onChange={(event) => setFind(event.target.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          <label className="block text-sm font-medium">
            Replace with
            <input
              name="replace"
              maxLength={200}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="matchCase"
              checked={enhanced ? matchCase : undefined}
              onChange={(event) => setMatchCase(event.target.checked)}
            />
            Match case
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="wholeWord"
              checked={enhanced ? wholeWord : undefined}
              onChange={(event) => setWholeWord(event.target.checked)}
            />
            Whole word
          </label>
          {enhanced && find ? (
            <span role="status" className="text-slate-700">
              {countOf(matches.total, "match", "matches")}
              {matches.segments.length ? ` in ${countOf(matches.segments.length, "segment")}` : ""}
              {paged ? " on this page" : ""}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {enhanced ? (
            <button
              type="button"
              disabled={!matches.segments.length}
              onClick={() => {
                shown.current = (shown.current + 1) % matches.segments.length;
                onShow(matches.segments[shown.current]);
              }}
              className={buttonClass("secondary")}
            >
              Next match
            </button>
          ) : null}
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Replace all
          </button>
          {paged ? (
            <p className="basis-full text-sm text-slate-600">Replace all changes every page of the transcript.</p>
          ) : null}
        </div>
      </form>
    </details>
  );
}
