import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/_app.transcription.$recordingId.share";
import { pageMeta } from "~/components/page";
import { SharePanel, type ShareActionData } from "~/components/share/share-panel";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { requireRecording } from "~/modules/recordings/ownership.server";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { ShareActionSchema } from "~/modules/sharing/share-forms";
import { createShareLink, listShareLinks, revokeShareLink } from "~/modules/sharing/share-links.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Share “${data.title}”` : "Share", "Read-only links to your transcript."),
  { name: "robots", content: "noindex" },
];

// GET /transcription/:recordingId/share: the owner's links, as a page of its own (where the panel's forms land
// without JavaScript).
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const recording = await requireRecording(userId, params.recordingId, "share");
  return { recordingId: recording.id, title: recording.title, links: await listShareLinks(userId, recording.id) };
});

// POST intent=create: answers with the new link (not a redirect: its address is shown this once and never stored).
// POST intent=revoke: turns a link off and goes back to the transcript.
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: ShareActionSchema });
  if (submission.status !== "success")
    return data(submission.reply({ hideFields: ["password"] }) satisfies ShareActionData, { status: 400 });
  const input = submission.value;
  if (input.intent === "revoke") {
    await revokeShareLink(userId, params.recordingId, input.linkId, new Date(), { request, context });
    return redirectWithToast(
      `/transcription/${params.recordingId}#share`,
      { type: "success", title: "Link turned off", description: "Anyone opening it now sees that it was turned off." },
      { status: 303 },
    );
  }
  const created = await createShareLink(userId, params.recordingId, input, new Date(), { request, context });
  return data({ created: { id: created.id, url: created.url } } satisfies ShareActionData, {
    status: 201,
    headers: { "Cache-Control": "no-store" },
  });
});

export default function ShareLinks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm">
        <Link to={`/transcription/${loaderData.recordingId}`} className="underline">
          ← Back to the transcript
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Share “{loaderData.title}”</h1>
      <SharePanel
        recordingId={loaderData.recordingId}
        links={loaderData.links}
        actionData={actionData as ShareActionData}
      />
    </div>
  );
}

const recordingMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: recordingMissing }} />;
