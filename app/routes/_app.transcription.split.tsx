import type { Route } from "./+types/_app.transcription.split";
import { Link } from "react-router";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { formatDuration } from "~/modules/recordings/recording-format";
import { segmentToSplit } from "~/modules/transcripts/editor.server";
import { segmentHref } from "~/utils/transcript-links";

// GET /transcription/:recordingId/segments/:segmentId/split: where to split one segment, without JavaScript (with
// it, the editor splits at the cursor). The form posts to the transcript page, which splits and redirects back.
export const meta: Route.MetaFunction = () => [
  ...pageMeta("Split a segment", "Split a transcript segment in two."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return segmentToSplit(userId, params.recordingId, params.segmentId);
});

export default function SplitSegment({ loaderData }: Route.ComponentProps) {
  const { recording, segment, places } = loaderData;
  const back = segmentHref(recording.id, segment.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to={back} className="underline">
          ← {recording.title}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Split the segment at {formatDuration(segment.start)}</h1>
      <p className="mt-2 text-slate-700">{segment.text}</p>
      {places.length ? (
        <form method="post" action={`/transcription/${recording.id}`} className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="split" />
          <input type="hidden" name="segmentId" value={segment.id} />
          <fieldset>
            <legend className="font-medium">Start the new segment at</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {places.map((place) => (
                <label
                  key={place.offset}
                  className="flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input type="radio" name="offset" value={place.offset} required />
                  {place.word}
                  <span className="sr-only">
                    {" "}
                    (word {place.index + 1}, {formatDuration(place.start)})
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex gap-3">
            <button type="submit" className={buttonClass("primary")}>
              Split segment
            </button>
            <Link to={back} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </form>
      ) : (
        <p className="mt-6 text-slate-700">This segment has one word: there is nothing to split.</p>
      )}
    </div>
  );
}

const segmentMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: segmentMissing }} />;
