import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/s.$token";
import { pageMeta } from "~/components/page";
import { ErrorMessage, GeneralErrorBoundary, refusalHandler } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import {
  SharedHeader,
  SharePasswordForm,
  type SharedTranscriptData,
  SharedTranscriptView,
} from "~/components/share/shared-transcript-view";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { SharePasswordSchema } from "~/modules/sharing/share-forms";
import { hasShareAccess, unlockShareLink } from "~/modules/sharing/share-access.server";
import { recordShareView, requireLiveShareLink } from "~/modules/sharing/share-links.server";
import { sharedTranscript } from "~/modules/sharing/shared-transcript.server";

/**
 * Never indexed and never stored by a shared cache. The site's Referrer-Policy (same-origin, server.ts) already keeps
 * the token out of Referer headers to other sites; "no-referrer" here would make the browser send `Origin: null` with
 * the password form, which React Router refuses as a cross-site post.
 */
const SHARE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
};

export const headers: Route.HeadersFunction = () => SHARE_HEADERS;

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    data && !data.locked ? data.transcript.title : "Shared transcript",
    "A transcript shared with you on Voxlate.",
  ),
  { name: "robots", content: "noindex, nofollow" },
];

// GET /s/:token: the shared transcript, or its password form; 404 for an unknown token, 410 once revoked or expired.
export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const link = await requireLiveShareLink(params.token);
  if (!(await hasShareAccess(request, link))) return data({ locked: true as const }, { headers: SHARE_HEADERS });
  const transcript = await sharedTranscript(link, new URL(request.url).searchParams.get("lang"));
  await recordShareView(link, transcript.title, { request, context });
  return data({ locked: false as const, transcript }, { headers: SHARE_HEADERS });
});

// POST /s/:token with the password: a cookie for this link, then the page again (POST-redirect-GET).
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const link = await requireLiveShareLink(params.token);
  const submission = parseWithZod(await readForm(request), { schema: SharePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const cookie = await unlockShareLink(request, link, submission.value.password, context.clientIp ?? "unknown");
  return redirect(`/s/${params.token}`, { status: 303, headers: { "Set-Cookie": cookie, ...SHARE_HEADERS } });
});

export default function SharedTranscriptPage({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <>
      <SharedHeader />
      <main id="main" className="flex flex-1 flex-col">
        {loaderData.locked ? (
          <SharePasswordForm reply={actionData} />
        ) : (
          <SharedTranscriptView token={params.token} data={loaderData.transcript as SharedTranscriptData} />
        )}
      </main>
    </>
  );
}

/** 410: the link was turned off or has expired; other refusals (404 for a wrong link) in the usual words. */
export function ErrorBoundary() {
  return (
    <>
      <SharedHeader />
      <main id="main" className="flex flex-1 flex-col">
        <GeneralErrorBoundary
          statusHandlers={{
            404: refusalHandler,
            410: ({ message, home }) => (
              <ErrorMessage
                status={410}
                title="This link no longer works"
                actions={
                  <a href={home.to} className={buttonClass("primary")}>
                    {home.label}
                  </a>
                }
              >
                {message} Ask the person who sent it for a new one.
              </ErrorMessage>
            ),
          }}
        />
      </main>
    </>
  );
}
