import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.workspaces";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { GeneralErrorBoundary, planRefusalHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { featureRefusal } from "~/modules/billing/plan-features";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { withFormRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { CreateWorkspaceSchema, roleLabel, WORKSPACE_NAME_MAX } from "~/modules/workspaces/team-forms";
import { createTeamWorkspace, listWorkspaces } from "~/modules/workspaces/team-workspaces.server";
import { countOf } from "~/utils/plural";

export const meta: Route.MetaFunction = () =>
  pageMeta("Workspaces", "Your personal workspace and the team workspaces you belong to.");

export async function loader({ request }: Route.LoaderArgs) {
  const userId = await requireUserId(request);
  const [workspaces, canCreate] = await Promise.all([listWorkspaces(userId), accountIncludes(userId, "teams")]);
  return { workspaces, canCreate, teamsRefusal: featureRefusal("teams") };
}

// POST intent=create: a team workspace with the user as its owner; then its members page, to invite people.
export const action = withFormRefusals(async ({ request, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: CreateWorkspaceSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const workspace = await createTeamWorkspace(userId, submission.value.name, { request, context });
  return redirectWithToast(
    `/workspaces/${workspace.id}/members`,
    { type: "success", title: "Team workspace created", description: `Invite people to ${workspace.name}.` },
    { status: 303 },
  );
});

export default function Workspaces({ loaderData, actionData }: Route.ComponentProps) {
  const { workspaces, canCreate, teamsRefusal } = loaderData;
  const [form, fields] = useSchemaForm("create-workspace", CreateWorkspaceSchema, formReplyOf(actionData), {
    intent: "create",
  });
  useErrorToast(formReplyOf(actionData), "Could not create the workspace");
  const refusal = pageRefusal(actionData);
  return (
    <>
      <AppPageHeader
        title="Workspaces"
        description="Where your recordings live: your personal workspace, and the teams you work in."
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}
        <section aria-labelledby="your-workspaces" className="rounded-xl border border-slate-200 p-6">
          <h2 id="your-workspaces" className="text-lg font-semibold">
            Your workspaces
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
            {workspaces.map((workspace) => (
              <li key={workspace.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words">{workspace.name}</p>
                  <p className="text-slate-600">
                    {workspace.kind === "PERSONAL" ? "Personal" : "Team"} · your role: {roleLabel(workspace.role)}
                    {workspace.kind === "TEAM"
                      ? ` · ${countOf(workspace.members, "member")} · ${countOf(workspace.seats ?? 0, "seat")}`
                      : ""}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {workspace.kind === "TEAM" ? (
                    <Link
                      to={`/workspaces/${workspace.id}/members`}
                      className={buttonClass("secondary")}
                      aria-label={`Members of ${workspace.name}`}
                    >
                      Members
                    </Link>
                  ) : null}
                  {/* The switcher's endpoint (issue 32, the "access" part): the workspace pages then show this one. */}
                  <Form method="post" action="/workspaces/switch">
                    <input type="hidden" name="workspaceId" value={workspace.id} />
                    <input type="hidden" name="redirectTo" value="/recordings" />
                    <button type="submit" className={buttonClass("ghost")} aria-label={`Switch to ${workspace.name}`}>
                      Switch to
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="new-team" className="rounded-xl border border-slate-200 p-6">
          <h2 id="new-team" className="text-lg font-semibold">
            Create a team workspace
          </h2>
          {canCreate ? (
            <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="create" />
              <FormErrors form={form} />
              <p className="text-sm text-slate-600">
                You become its owner. Invite colleagues by email and give each a role; each member takes a seat, billed
                on your Business Pro subscription.
              </p>
              <Field label="Team name" field={fields.name} maxLength={WORKSPACE_NAME_MAX} autoComplete="off" />
              <button type="submit" className={buttonClass("primary")}>
                Create team workspace
              </button>
            </Form>
          ) : (
            <p className="mt-3 text-sm text-slate-600">
              {teamsRefusal} Share recordings with colleagues, give them roles and pay per seat.{" "}
              <Link to="/plan-selection" className="text-brand-700 underline">
                Compare plans
              </Link>
            </p>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 403: planRefusalHandler }} />;
