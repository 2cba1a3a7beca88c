import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.workspaces.$workspaceId.provisioning";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal, replyTo } from "~/components/ui/form-reply";
import { PageSection } from "~/components/ui/page-section";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import {
  CreateScimTokenSchema,
  PROVISIONED_ROLES,
  ProvisioningActionSchema,
  SCIM_TOKEN_NAME_MAX,
} from "~/modules/provisioning/provisioning-forms";
import { setGroupRole } from "~/modules/provisioning/scim.server";
import {
  createScimToken,
  provisioningPage,
  revokeScimToken,
  setDefaultMemberRole,
} from "~/modules/provisioning/scim-tokens.server";
import { ROLE_DESCRIPTIONS, roleLabel } from "~/modules/workspaces/team-forms";
import { formatDate } from "~/utils/dates";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    data ? `${data.workspace.name}: provisioning` : "Provisioning",
    "SCIM tokens for the workspace's identity provider.",
  ),
  { name: "robots", content: "noindex" },
];

// A new token is shown once, in the answer to its form: no cache may keep that page.
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control");
  if (cacheControl) merged.set("Cache-Control", cacheControl);
  return merged;
};

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return provisioningPage(userId, params.workspaceId);
});

// Every form posts here, told apart by `intent`. A new token comes back in the answer (shown once, never in a cookie);
// every other change redirects with a toast.
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: ProvisioningActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const id = params.workspaceId;
  const source = { request, context };
  const done = (title: string, description?: string) =>
    redirectWithToast(`/workspaces/${id}/provisioning`, { type: "success", title, description }, { status: 303 });
  switch (input.intent) {
    case "token-create": {
      const created = await createScimToken(userId, id, input.name, source);
      return data(
        { createdToken: { name: created.name, token: created.token } },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    case "token-revoke":
      await revokeScimToken(userId, id, input.tokenId, source);
      return done("SCIM token revoked", "The identity provider's next call with it is refused.");
    case "default-role":
      await setDefaultMemberRole(userId, id, input.role, source);
      return done("Default role saved", `People provisioned from now on are ${roleLabel(input.role).toLowerCase()}s.`);
    case "group-role": {
      const group = await setGroupRole(userId, id, input.groupId, input.role, source);
      return done(
        "Group role saved",
        `${group.displayName} ${input.role ? `gives the ${roleLabel(input.role).toLowerCase()} role` : "gives no role"}; ${group.changed} member role${group.changed === 1 ? "" : "s"} changed.`,
      );
    }
  }
});

function RoleSelect({ id, name, value, withNone }: { id: string; name: string; value: string; withNone?: boolean }) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={value}
      className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
    >
      {withNone ? <option value="">No role (list only)</option> : null}
      {PROVISIONED_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

const when = (iso: string | null) => (iso ? formatDate(iso, "dateTime") : "never");

export default function Provisioning({ loaderData: page, actionData }: Route.ComponentProps) {
  const createdToken = actionData && "createdToken" in actionData ? actionData.createdToken : null;
  const reply = createdToken ? undefined : actionData;
  const refusal = pageRefusal(reply);
  useErrorToast(formReplyOf(reply), "That did not work");
  const [tokenForm, tokenFields] = useSchemaForm("token", CreateScimTokenSchema, replyTo(reply, "token-create"), {
    intent: "token-create",
  });
  const { settings } = page;
  return (
    <>
      <AppPageHeader
        title={`${page.workspace.name}: provisioning`}
        description="Your identity provider (Okta, Microsoft Entra ID) adds, updates and deactivates members through SCIM 2.0."
        actions={
          <Link to={`/workspaces/${page.workspace.id}/members`} className={buttonClass("ghost")}>
            Members
          </Link>
        }
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}

        <PageSection id="connection-title" title="Connection">
          <p className="text-sm text-slate-600">
            Provisioning is <strong>{settings.enabled ? "on" : "off"}</strong>
            {settings.enabled
              ? ": the identity provider can call with an active token."
              : ": create a token to turn it on."}
          </p>
          <dl className="text-sm">
            <dt className="font-medium">SCIM base URL</dt>
            <dd className="font-mono break-all" data-testid="scim-base-url">
              {settings.baseUrl}
            </dd>
          </dl>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
            <li>
              Each person provisioned takes a seat and gets an account without a password: they sign in with single
              sign-on, or set a password with &ldquo;Forgot password&rdquo;.
            </li>
            <li>
              Deactivating someone ends their access at once: their sessions end and the API keys they made here are
              revoked. Reactivating takes a seat again.
            </li>
            <li>
              People who already have a Voxlate account join by invitation; once they are members, provisioning finds
              them by email address. Owners are never changed by provisioning.
            </li>
          </ul>
        </PageSection>

        <PageSection id="tokens-title" title="SCIM tokens">
          {createdToken ? (
            <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm">
              <p className="font-medium">
                Your new token &ldquo;{createdToken.name}&rdquo;. Copy it into your identity provider now: it will not
                be shown again.
              </p>
              <label htmlFor="created-scim-token" className="mt-2 block text-slate-700">
                SCIM token
              </label>
              <input
                id="created-scim-token"
                readOnly
                value={createdToken.token}
                className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
              />
            </div>
          ) : null}
          {settings.tokens.length === 0 ? (
            <p className="text-sm text-slate-600">No tokens yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
              {settings.tokens.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {token.name} <span className="font-mono text-slate-600">{token.prefix}…</span>
                    </p>
                    <p className="text-slate-600">
                      created {when(token.createdAt)} · last used {when(token.lastUsedAt)}
                      {token.revokedAt ? ` · revoked ${when(token.revokedAt)}` : ""}
                    </p>
                  </div>
                  {token.revokedAt ? null : (
                    <Form method="post">
                      <input type="hidden" name="tokenId" value={token.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="token-revoke"
                        className={buttonClass("secondary")}
                        aria-label={`Revoke ${token.name}`}
                      >
                        Revoke
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Form method="post" {...getFormProps(tokenForm)} className="space-y-3">
            <input type="hidden" name="intent" value="token-create" />
            <FormErrors form={tokenForm} />
            <Field
              label="Token name"
              hint="The identity provider's name: it is shown as the actor of what it does, in the audit log."
              field={tokenFields.name}
              maxLength={SCIM_TOKEN_NAME_MAX}
              autoComplete="off"
            />
            <button type="submit" className={buttonClass("primary")}>
              Create token
            </button>
          </Form>
        </PageSection>

        <PageSection id="roles-title" title="Roles">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="default-role" />
            <div>
              <label htmlFor="default-role" className="block text-sm font-medium text-slate-800">
                Default role
              </label>
              <p className="text-xs text-slate-600">For people provisioned here when none of their groups gives one.</p>
              <div className="mt-1">
                <RoleSelect id="default-role" name="role" value={settings.defaultRole} />
              </div>
            </div>
            <button type="submit" className={buttonClass("secondary")}>
              Save default role
            </button>
          </Form>
          <ul className="text-xs text-slate-600">
            {PROVISIONED_ROLES.map((role) => (
              <li key={role}>{ROLE_DESCRIPTIONS[role]}</li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold">Groups from the identity provider</h3>
          {settings.groups.length === 0 ? (
            <p className="text-sm text-slate-600">
              No groups yet. When the identity provider pushes groups, give each a role here: members get the highest
              role of their groups.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
              {settings.groups.map((group) => (
                <li key={group.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                  <p className="font-medium break-words">
                    {group.displayName} <span className="text-slate-600">({group.members} members)</span>
                  </p>
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="group-role" />
                    <input type="hidden" name="groupId" value={group.id} />
                    <label htmlFor={`group-role-${group.id}`} className="sr-only">
                      Role given by {group.displayName}
                    </label>
                    <RoleSelect id={`group-role-${group.id}`} name="role" value={group.role ?? ""} withNone />
                    <button
                      type="submit"
                      className={buttonClass("secondary")}
                      aria-label={`Save the role of ${group.displayName}`}
                    >
                      Save
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </PageSection>
      </div>
    </>
  );
}

const workspaceMissing = missingHandler({ to: "/workspaces", label: "Your workspaces" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: workspaceMissing }} />;
