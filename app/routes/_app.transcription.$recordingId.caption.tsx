import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/_app.transcription.$recordingId.caption";
import { CaptionForm } from "~/components/legal/legal-export";
import { pageMeta } from "~/components/page";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { formReplyOf } from "~/components/ui/form-reply";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { captionPage, saveCaption } from "~/modules/transcripts/legal-caption.server";
import { captionInput, CaptionFormSchema } from "~/modules/transcripts/legal-forms";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Caption of “${data.title}”` : "Caption", "The court transcript's caption."),
  { name: "robots", content: "noindex" },
];

// GET /transcription/:recordingId/caption: the caption form as a page of its own (where a refused form lands, with
// or without JavaScript). POST: saves it and goes back to the transcript's court export (ADR 046).
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const page = await captionPage(userId, params.recordingId);
  return { ...page, caption: captionInput(page.caption) };
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: CaptionFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveCaption(userId, params.recordingId, submission.value, { request, context });
  return redirectWithToast(
    `/transcription/${params.recordingId}#legal-export`,
    { type: "success", title: "Caption saved", description: "The court transcript's caption page uses it." },
    { status: 303 },
  );
});

export default function Caption({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm">
        <Link to={`/transcription/${loaderData.recordingId}#legal-export`} className="underline">
          ← Back to the transcript
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Caption of “{loaderData.title}”</h1>
      <p className="mt-1 text-sm text-slate-600">What the court transcript&apos;s caption page states.</p>
      <CaptionForm
        recordingId={loaderData.recordingId}
        caption={loaderData.caption}
        speakers={loaderData.speakers}
        reply={formReplyOf(actionData)}
      />
    </div>
  );
}

const recordingMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: recordingMissing }} />;
