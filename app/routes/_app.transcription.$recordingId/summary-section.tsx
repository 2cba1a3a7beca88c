import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { featureRefusal } from "~/modules/billing/plan-features";
import { formatDate } from "~/utils/dates";
import { formatTimestamp } from "~/utils/timestamps";
import { segmentHref } from "~/utils/transcript-links";
import type { Route } from "./+types/route";

type SummaryData = Route.ComponentProps["loaderData"]["summary"];

/** Abstract, key points and action items; each point links to its segment and, with JS, plays from there. */
export function SummarySection({
  recordingId,
  summary,
  busy,
  seek,
}: {
  recordingId: string;
  summary: SummaryData;
  busy: boolean;
  seek: (seconds: number) => void;
}) {
  const { stored } = summary;
  const pointList = (title: string, points: NonNullable<SummaryData["stored"]>["keyPoints"], empty: string) => (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {points.length ? (
        <ul className="mt-2 space-y-2">
          {points.map((point, index) => (
            <li key={`${point.segmentId}-${index}`} className="flex gap-3 text-sm">
              <a
                href={segmentHref(recordingId, point.segmentId)}
                onClick={(event) => {
                  // A point on another page of the transcript is a link to that page.
                  const segment = document.getElementById(`segment-${point.segmentId}`);
                  if (!segment) return;
                  event.preventDefault();
                  seek(point.start);
                  segment.scrollIntoView({ block: "center" });
                }}
                className="shrink-0 font-mono text-brand-700 underline"
                aria-label={`Play from ${formatTimestamp(point.start)}`}
              >
                {formatTimestamp(point.start)}
              </a>
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
  return (
    <section aria-labelledby="summary-title" className="rounded-xl border border-slate-200 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="summary-title" className="scroll-mt-48 text-xl font-semibold">
          Summary
        </h2>
        {summary.allowed ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="summarise"
              disabled={busy}
              className={buttonClass(stored ? "secondary" : "primary")}
            >
              {busy ? "Summarising..." : stored ? "Summarise again" : "Summarise"}
            </button>
          </Form>
        ) : null}
      </div>
      {stored ? (
        <div className="mt-3 space-y-4">
          <p className="text-xs text-slate-600">
            {stored.label}, {formatDate(stored.createdAt, "dateTime")}. Check names, figures and decisions against the
            transcript.
          </p>
          {stored.abstract ? <p>{stored.abstract}</p> : null}
          {pointList("Key points", stored.keyPoints, "No key points were found.")}
          {pointList("Action items", stored.actionItems, "No action items were found.")}
        </div>
      ) : summary.allowed ? (
        <p className="mt-2 text-sm text-slate-600">
          Get a short abstract, the key points and the action items, each linked to its moment in the recording. Made
          by: {summary.summariser}.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {featureRefusal("summaries")}{" "}
          <Link to="/plan-selection" className="underline">
            Compare plans
          </Link>
        </p>
      )}
    </section>
  );
}
