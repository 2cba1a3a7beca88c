// The review queue (issue 34, item 3; ADR 045): the transcript's flags one at a time, with the segment they are in,
// and forms to accept (verify the segment) or correct it. Flags are plain links (`?flag=3#review-current`), so it
// works without JavaScript; with it, ] and [ move to the next and previous flag (the editor has J, K, N and P).
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { TranscriptRecordPanel } from "~/modules/transcripts/record-actions.server";
import { FLAG_WINDOW_SIZE } from "~/modules/transcripts/review-window";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { formatTimestamp } from "~/utils/timestamps";
import { countOf } from "~/utils/plural";
import { useHydrated } from "~/utils/use-hydrated";

type Review = TranscriptRecordPanel["review"];

const flagHref = (recordingId: string, number: number) => `/transcription/${recordingId}?flag=${number}#review-current`;
/** Another window of the list (`?flags=N`, review-window.ts), keeping the current flag. */
const flagListHref = (recordingId: string, current: number | null, window: number) =>
  `/transcription/${recordingId}?${current ? `flag=${current}&` : ""}flags=${window}#review-flags`;

/** Typing in a field is not a shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export function ReviewSection({
  recordingId,
  review,
  canVerify,
  canEdit,
  busy,
}: {
  recordingId: string;
  review: Review;
  canVerify: boolean;
  canEdit: boolean;
  busy: boolean;
}) {
  const { segment, current, flagCount, list } = review;
  const previous = review.previousFlag;
  const next = review.nextFlag;
  const navigate = useNavigate();
  // The keys work once the page's code runs: only then does the page say so.
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  const movedByKey = useRef(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // ] and [: the editor's J, K, L, N and P already play, skip and move between segments.
      const to = event.key === "]" ? next : event.key === "[" ? previous : undefined;
      if (to === undefined) return;
      event.preventDefault();
      if (to === null) return;
      movedByKey.current = true;
      void navigate(flagHref(recordingId, to), { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, next, previous, recordingId]);

  // A move by keyboard puts focus on the flag it moved to, so a screen reader reads it.
  useEffect(() => {
    if (!movedByKey.current) return;
    movedByKey.current = false;
    panel.current?.focus();
  }, [current?.number]);

  const percent = review.segmentCount ? Math.round((review.verifiedCount / review.segmentCount) * 100) : 0;
  return (
    <section id="review" aria-labelledby="review-title" className="mt-10 rounded-xl border border-slate-200 p-6">
      <h2 id="review-title" className="text-lg font-semibold">
        Review
      </h2>
      <p className="mt-2 text-sm text-slate-700" data-testid="review-progress">
        {`${review.verifiedCount} of ${countOf(review.segmentCount, "segment")} verified`}
      </p>
      <div
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Segments verified"
        aria-valuemin={0}
        aria-valuemax={review.segmentCount}
        aria-valuenow={review.verifiedCount}
      >
        <div className="h-full bg-green-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {flagCount === 0
          ? "The checks flagged nothing. Verify segments as you check them against the audio."
          : `${countOf(flagCount, "flag")}, ${review.openCount} open. Accepting a flag verifies its segment. ` +
            (hydrated ? "Press ] for the next flag and [ for the previous one, or use the links. " : "")}{" "}
        Editing a verified segment&apos;s text or speaker clears its verification.
      </p>

      {current ? (
        <div
          id="review-current"
          ref={panel}
          tabIndex={-1}
          aria-labelledby="review-current-title"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="review-current-title" className="font-semibold">
              {`Flag ${current.number} of ${flagCount}: ${current.reasonLabel}`}
              {current.resolved ? <span className="ml-2 text-sm font-normal text-green-800">(resolved)</span> : null}
            </h3>
            <nav aria-label="Flags" className="flex gap-3 text-sm">
              {previous ? (
                <Link
                  to={flagHref(recordingId, previous)}
                  preventScrollReset
                  aria-keyshortcuts="["
                  className="text-brand-700 underline"
                >
                  Previous flag
                </Link>
              ) : (
                <span className="text-slate-500">Previous flag</span>
              )}
              {next ? (
                <Link
                  to={flagHref(recordingId, next)}
                  preventScrollReset
                  aria-keyshortcuts="]"
                  className="text-brand-700 underline"
                >
                  Next flag
                </Link>
              ) : (
                <span className="text-slate-500">Next flag</span>
              )}
            </nav>
          </div>
          <p className="mt-1 text-sm text-slate-700">{current.detail}</p>
          <p className="mt-2 text-sm">
            <span className="mr-2 font-mono text-xs text-slate-600">{formatTimestamp(current.start)}</span>
            <mark className="rounded-sm bg-amber-200 px-0.5">{current.span}</mark>
          </p>
        </div>
      ) : null}

      {segment ? (
        <SegmentReview
          recordingId={recordingId}
          segment={segment}
          flagNumber={current?.segmentId === segment.id ? current.number : null}
          thenFlag={current?.segmentId === segment.id ? review.nextOpenFlag : null}
          canVerify={canVerify}
          canEdit={canEdit}
          busy={busy}
          standalone={!current || current.segmentId !== segment.id}
        />
      ) : null}

      {flagCount ? (
        <details id="review-flags" className="mt-4" open={list.opened || undefined}>
          <summary className="cursor-pointer text-sm font-semibold">All flags</summary>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Flags by reason">
            {review.reasons.map((entry) => (
              <li key={entry.reason}>{`${entry.label}: ${entry.count}`}</li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <p className="text-slate-700">{`Flags ${list.first}–${list.last} of ${flagCount}`}</p>
            {list.windowCount > 1 ? (
              <nav aria-label="Pages of flags" className="flex gap-3">
                {list.window > 1 ? (
                  <Link
                    to={flagListHref(recordingId, current?.number ?? null, list.window - 1)}
                    preventScrollReset
                    className="text-brand-700 underline"
                  >
                    {`Previous ${FLAG_WINDOW_SIZE}`}
                  </Link>
                ) : null}
                {list.window < list.windowCount ? (
                  <Link
                    to={flagListHref(recordingId, current?.number ?? null, list.window + 1)}
                    preventScrollReset
                    className="text-brand-700 underline"
                  >
                    {`Next ${FLAG_WINDOW_SIZE}`}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
          <ol start={list.first} className="mt-2 divide-y divide-slate-200 text-sm">
            {list.flags.map((flag) => (
              <li key={flag.number} id={`flag-${flag.number}`} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
                <Link
                  to={flagHref(recordingId, flag.number)}
                  preventScrollReset
                  aria-current={flag.number === current?.number ? "true" : undefined}
                  className="text-brand-700 underline"
                >
                  {flag.number}. {flag.reasonLabel}
                </Link>
                <span className="font-mono text-xs text-slate-600">{formatTimestamp(flag.start)}</span>
                <span className="min-w-0 flex-1 truncate">{flag.span}</span>
                {flag.resolved ? <span className="text-green-800">resolved</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function SegmentReview({
  recordingId,
  segment,
  flagNumber,
  thenFlag,
  canVerify,
  canEdit,
  busy,
  standalone,
}: {
  recordingId: string;
  segment: NonNullable<Review["segment"]>;
  flagNumber: number | null;
  thenFlag: number | null;
  canVerify: boolean;
  canEdit: boolean;
  busy: boolean;
  standalone: boolean;
}) {
  const here = `/transcription/${recordingId}`;
  return (
    <div
      id={standalone ? "review-current" : undefined}
      tabIndex={standalone ? -1 : undefined}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4"
      data-testid="review-segment"
    >
      <p className="text-sm">
        <span className="mr-2 font-mono text-xs text-slate-600">
          {formatTimestamp(segment.start)}–{formatTimestamp(segment.end)}
        </span>
        {segment.speaker ? <strong className="mr-1">{segment.speaker}:</strong> : null}
        {segment.text}
      </p>
      <p className="text-sm" data-testid="segment-verification">
        {segment.verifiedAt ? (
          <span className="text-green-800">
            Verified by {segment.verifiedBy ?? "a former member"} at{" "}
            <time dateTime={new Date(segment.verifiedAt).toISOString()}>
              {formatDate(segment.verifiedAt, "dateTime")}
            </time>
          </span>
        ) : (
          <span className="text-slate-600">Not verified yet.</span>
        )}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        {canVerify ? (
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="intent" value="verify-segment" />
            <input type="hidden" name="segmentId" value={segment.id} />
            <input type="hidden" name="verified" value={segment.verifiedAt ? "false" : "true"} />
            {flagNumber && thenFlag && !segment.verifiedAt ? (
              <input type="hidden" name="then" value={thenFlag} />
            ) : null}
            <button type="submit" disabled={busy} className={buttonClass(segment.verifiedAt ? "secondary" : "primary")}>
              {segment.verifiedAt ? "Clear verification" : flagNumber ? "Accept and verify segment" : "Verify segment"}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">Your role does not allow verifying segments.</p>
        )}
        {segment.nextUnverifiedId ? (
          <Link
            to={`${here}?segment=${encodeURIComponent(segment.nextUnverifiedId)}#review-current`}
            preventScrollReset
            className={buttonClass("ghost")}
          >
            Next unverified segment
          </Link>
        ) : null}
      </div>
      {canEdit ? (
        <Form method="post" action={here} className="space-y-2">
          <input type="hidden" name="intent" value="correct-segment" />
          <input type="hidden" name="segmentId" value={segment.id} />
          {flagNumber ? <input type="hidden" name="flag" value={flagNumber} /> : null}
          <label htmlFor={`review-text-${segment.id}`} className="block text-sm font-medium">
            Correct the text
          </label>
          <textarea
            id={`review-text-${segment.id}`}
            name="correction"
            defaultValue={segment.text}
            key={`${segment.id}:${segment.text}`}
            rows={3}
            className="w-full rounded-md border border-slate-300 p-2 text-sm"
          />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Save correction
          </button>
          {segment.verifiedAt ? (
            <p className="text-xs text-slate-600">Saving a correction clears this segment&apos;s verification.</p>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}
