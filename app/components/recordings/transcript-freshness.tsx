import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { countOf } from "~/utils/plural";

export interface FreshnessData {
  translations: { language: string; label: string; staleSegmentIds: string[] }[];
  summaryPredatesEdits: boolean;
}

/**
 * What the owner's edits left behind: translations with segments edited after they were translated (each with a
 * button that translates only those again) and a summary written before the latest edit. Nothing when all is current.
 */
export function TranscriptFreshness({ recordingId, freshness }: { recordingId: string; freshness: FreshnessData }) {
  const stale = freshness.translations.filter((row) => row.staleSegmentIds.length > 0);
  if (!stale.length && !freshness.summaryPredatesEdits) return null;
  return (
    <section
      aria-labelledby="freshness-title"
      className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="freshness-title" className="font-semibold">
        Out of date after your edits
      </h2>
      <ul className="mt-2 space-y-2">
        {freshness.summaryPredatesEdits ? (
          <li>The summary was written before later edits to the transcript. Summarise again to include them.</li>
        ) : null}
        {stale.map((row) => (
          <li key={row.language} className="flex flex-wrap items-center gap-3">
            <span>
              {`${row.label}: ${countOf(row.staleSegmentIds.length, "segment")} changed since it was translated.`}
            </span>
            <Form method="post" action={`/transcription/${recordingId}/retranslate`}>
              <input type="hidden" name="language" value={row.language} />
              <button type="submit" className={buttonClass("secondary")}>
                Translate the changed segments
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
