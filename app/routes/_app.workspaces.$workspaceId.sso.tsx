import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.workspaces.$workspaceId.sso";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { PageSection } from "~/components/ui/page-section";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { SsoSettingsFormSchema } from "~/modules/workspaces/sso-forms";
import { ssoSettingsPage, updateSsoSettingsAs } from "~/modules/workspaces/sso.server";
import { roleLabel } from "~/modules/workspaces/team-forms";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `${data.workspace.name}: single sign-on` : "Single sign-on", "The team's identity provider."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return ssoSettingsPage(userId, params.workspaceId);
});

// One form, posted without JavaScript too; a refusal (a private issuer, a domain another team has, a provider that
// does not answer) comes back as the page's message (withFormRefusals).
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: SsoSettingsFormSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["clientSecret"] }), { status: 400 });
  const saved = await updateSsoSettingsAs(userId, params.workspaceId, submission.value, { request, context });
  return redirectWithToast(
    `/workspaces/${params.workspaceId}/sso`,
    {
      type: "success",
      title: "Single sign-on saved",
      description: saved.enabled
        ? `People with ${saved.domains.join(", ")} addresses now sign in through your identity provider.`
        : "Single sign-on is off.",
    },
    { status: 303 },
  );
});

function Checkbox({ name, label, hint, checked }: { name: string; label: string; hint: string; checked: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={`sso-${name}`}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        aria-describedby={`sso-${name}-hint`}
        className="mt-1 h-4 w-4"
      />
      <div>
        <label htmlFor={`sso-${name}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`sso-${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

export default function SsoSettingsPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const refusal = pageRefusal(actionData);
  const { settings } = page;
  useErrorToast(formReplyOf(actionData), "That did not work");
  // A new form after each save: the typed secret must not stay in the field once it is stored.
  const [form, fields] = useSchemaForm(`sso-${settings.updatedAt}`, SsoSettingsFormSchema, formReplyOf(actionData), {
    defaultValue: {
      issuer: settings.issuer,
      clientId: settings.clientId,
      domains: settings.domains.join(", "),
      defaultRole: settings.defaultRole,
    },
  });
  return (
    <>
      <AppPageHeader
        title={`${page.workspace.name}: single sign-on`}
        description="Members sign in through your organisation's OpenID Connect identity provider."
        actions={
          <Link to={`/workspaces/${page.workspace.id}/members`} className={buttonClass("ghost")}>
            Members
          </Link>
        }
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}
        <PageSection id="sso-provider-title" title="Identity provider">
          <p className="text-sm text-slate-600">
            Register Voxlate with your provider as a confidential web client with this redirect URI:{" "}
            <code data-testid="sso-callback-url" className="rounded bg-slate-100 px-1">
              {settings.callbackUrl}
            </code>
            . {settings.enabled ? "Single sign-on is on." : "Single sign-on is off."}
          </p>
          <Form method="post" key={settings.updatedAt} {...getFormProps(form)} className="space-y-4">
            <FormErrors form={form} />
            <Field
              label="Issuer URL"
              field={fields.issuer}
              type="url"
              maxLength={500}
              hint={
                page.privateIssuersAllowed
                  ? "Its /.well-known/openid-configuration is read at each sign-in."
                  : "A public https:// address; its /.well-known/openid-configuration is read at each sign-in."
              }
            />
            <Field label="Client id" field={fields.clientId} maxLength={255} autoComplete="off" />
            <Field
              label="Client secret"
              field={fields.clientSecret}
              type="password"
              autoComplete="new-password"
              maxLength={1000}
              hint={
                settings.hasClientSecret
                  ? "A secret is saved (it is never shown). Leave this empty to keep it."
                  : "Stored encrypted; never shown again."
              }
            />
            <Field
              label="Email domains"
              field={fields.domains}
              maxLength={5000}
              hint="Comma-separated, e.g. example.com, example.org. Work emails at these domains sign in here."
            />
            <div>
              <label htmlFor="sso-default-role" className="block text-sm font-medium text-slate-800">
                Role of people who join by signing in
              </label>
              <select
                id="sso-default-role"
                name={fields.defaultRole.name}
                defaultValue={settings.defaultRole}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
              >
                {page.defaultRoles.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </select>
            </div>
            <Checkbox
              name="enabled"
              label="Turn single sign-on on"
              hint="The provider's configuration is checked when you save."
              checked={settings.enabled}
            />
            <Checkbox
              name="ssoRequired"
              label="Require single sign-on"
              hint="Members can no longer sign in with a password, Google or the API's /api/login. Owners still can, so an outage of the provider cannot lock the team out."
              checked={settings.ssoRequired}
            />
            <button type="submit" className={buttonClass("primary")}>
              Save single sign-on
            </button>
          </Form>
        </PageSection>
      </div>
    </>
  );
}

const workspaceMissing = missingHandler({ to: "/workspaces", label: "Your workspaces" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: workspaceMissing }} />;
