import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.workspaces.$workspaceId.security";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { PageSection } from "~/components/ui/page-section";
import { FormAlert, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal } from "~/components/ui/form-reply";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { SecurityPolicySchema } from "~/modules/workspaces/team-forms";
import { securityPage, setWorkspacePolicies } from "~/modules/workspaces/workspace-security.server";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...pageMeta(loaded ? `${loaded.workspace.name}: security` : "Security", "The team's sign-in policies."),
  { name: "robots", content: "noindex" },
];

// GET /workspaces/:workspaceId/security: owners and admins (`manage-policy`); 404 to a non-member, 403 with a sentence
// to another role, 409 for a personal workspace (ADR 040-sessions).
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return securityPage(userId, params.workspaceId);
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: SecurityPolicySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, ...change } = submission.value;
  const policies = await setWorkspacePolicies(userId, params.workspaceId, change, { request, context });
  const description =
    intent === "redaction-policy"
      ? policies.redactionRequired
        ? "Share links and exports are made only from a redacted version an owner or admin reviewed."
        : "Redaction is up to each transcript's owner and admins."
      : policies.twoFactorRequired
        ? "Members without a second factor set one up before they go on."
        : "A second factor is up to each member.";
  return redirectWithToast(
    `/workspaces/${params.workspaceId}/security`,
    { type: "success", title: "Policy saved", description },
    { status: 303 },
  );
});

export default function WorkspaceSecurity({ loaderData: page, actionData }: Route.ComponentProps) {
  const refusal = pageRefusal(actionData);
  useErrorToast(formReplyOf(actionData), "That did not work");
  const members = `/workspaces/${page.workspace.id}/members`;
  return (
    <>
      <AppPageHeader
        title="Security"
        description={`${page.workspace.name}: how its members sign in, and what may leave it.`}
        actions={
          <Link to={members} className={buttonClass("ghost")}>
            Members
          </Link>
        }
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}
        <PageSection id="two-factor-policy-title" title="Two-factor sign-in">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="policies" />
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="twoFactorRequired"
                defaultChecked={page.policies.twoFactorRequired}
                className="mt-1"
              />
              <span>
                <span className="font-medium">Require a second factor</span>
                <span className="block text-slate-600">
                  Members without an authenticator app or a passkey must set one up when they next sign in, or at once
                  if they are signed in. API keys are the workspace&apos;s, not a person&apos;s, and keep working.
                </span>
              </span>
            </label>
            <button type="submit" className={buttonClass("primary")}>
              Save policy
            </button>
          </Form>
          <p className="text-sm text-slate-600">
            Who has a second factor is shown on the <Link to={members}>members page</Link>, where a member&apos;s can be
            reset.
          </p>
        </PageSection>
        <PageSection id="redaction-policy-title" title="Redaction">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="redaction-policy" />
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="redactionRequired"
                defaultChecked={page.policies.redactionRequired}
                className="mt-1"
              />
              <span>
                <span className="font-medium">Redaction required for everything that leaves the workspace</span>
                <span className="block text-slate-600">
                  Share links and exports, from the app or an API key, are made only from the redacted version, once an
                  owner or admin has reviewed its redactions. Existing share links pause while a transcript&apos;s
                  redactions wait for review.
                </span>
              </span>
            </label>
            <button type="submit" className={buttonClass("primary")}>
              Save redaction policy
            </button>
          </Form>
        </PageSection>
      </div>
    </>
  );
}

const workspaceMissing = missingHandler({ to: "/workspaces", label: "Your workspaces" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: workspaceMissing }} />;
