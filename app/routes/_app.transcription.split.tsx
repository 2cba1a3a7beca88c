import { parseWithZod } from "@conform-to/zod/v4";
import { hiddenFrom, scrubEverything } from "~/modules/redaction/view.server";
import type { Route } from "./+types/_app.transcription.split";
import { data, Link } from "react-router";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageRefusal } from "~/components/ui/form-reply";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { SplitSchema } from "~/modules/transcripts/transcript-forms";
import { formatTimestamp } from "~/utils/timestamps";
import { editorActionToast, runEditorAction, segmentToSplit } from "~/modules/transcripts/editor.server";
import { segmentHref } from "~/utils/transcript-links";

// GET /transcription/:recordingId/segments/:segmentId/split: where to split one segment, without JavaScript (with
// it, the editor splits between the words nearest the cursor). The form posts here: a split redirects back to the segment on the editor's
// page, and a refusal is shown above the form.
export const meta: Route.MetaFunction = () => [
  ...pageMeta("Split a segment", "Split a transcript segment in two."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  // A role that may not see the original reads the redacted words here too (ADR 048).
  return scrubEverything(
    await segmentToSplit(userId, params.recordingId, params.segmentId),
    await hiddenFrom(userId, params.recordingId),
  );
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: SplitSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // The segment is the page's, whatever the form says.
  const input = { ...submission.value, segmentId: params.segmentId };
  const result = await runEditorAction(userId, params.recordingId, input, { request, context });
  return redirectWithToast(
    segmentHref(params.recordingId, params.segmentId),
    { type: "success", title: editorActionToast(input, result) },
    { status: 303 },
  );
});

export default function SplitSegment({ loaderData, actionData }: Route.ComponentProps) {
  const { recording, segment, places } = loaderData;
  // A refusal of the server (withFormRefusals) or of the form's one field.
  const refusal =
    pageRefusal(actionData) ??
    Object.values((actionData as { error?: Record<string, string[]> } | undefined)?.error ?? {}).flat()[0];
  const back = segmentHref(recording.id, segment.id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to={back} className="underline">
          ← {recording.title}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Split the segment at {formatTimestamp(segment.start)}</h1>
      <p className="mt-2 text-slate-700">{segment.text}</p>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {places.length ? (
        <form method="post" className="mt-6 space-y-4">
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
                    (word {place.index + 1}, {formatTimestamp(place.start)})
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
