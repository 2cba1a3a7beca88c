import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/invitations.$token";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PASSWORD_RULE } from "~/modules/accounts/registration";
import { invariantResponse, withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { getUser, getUserId, startUserSession } from "~/modules/platform/session.server";
import { ssoRequiredRefusal, ssoRequirementFor } from "~/modules/accounts/sso-required.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import {
  acceptInvitation,
  acceptInvitationWithNewAccount,
  invitationByToken,
} from "~/modules/workspaces/invitations.server";
import { InvitationActionSchema, InvitedSignUpSchema, roleLabel } from "~/modules/workspaces/team-forms";
import { formatDate } from "~/utils/dates";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    data ? `Join ${data.invitation.workspaceName}` : "Invitation",
    "An invitation to a team workspace on Voxlate.",
  ),
  { name: "robots", content: "noindex" },
];

// The link's token is a secret: the page is never cached, and never sent to another site as a Referer ("same-origin":
// with "no-referrer" the browser sends its own form posts with "Origin: null", which the cross-site guard refuses).
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
export const headers: Route.HeadersFunction = () => PRIVATE;

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const invitation = await invitationByToken(params.token);
  invariantResponse(invitation, "This invitation link is not valid. Check that you copied all of it.", 404);
  const user = await getUser(request);
  // The workspace's id is shown to nobody who is not in it yet.
  const { workspaceId: _workspaceId, ...shown } = invitation;
  return data({ invitation: shown, token: params.token, signedInAs: user?.email ?? null }, { headers: PRIVATE });
});

// POST intent=accept: the signed-in account (with the invited address) joins. POST intent=signup: a visitor creates
// the invited account (email fixed, verified by the link) and joins. Either lands on the team's members page.
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: InvitationActionSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const userId = await getUserId(request);
  const toMembers = (workspaceId: string, name: string, headers?: Headers) =>
    redirectWithToast(
      `/workspaces/${workspaceId}/members`,
      { type: "success", title: `Welcome to ${name}`, description: "You are now a member of the team." },
      { status: 303, headers },
    );
  if (submission.value.intent === "accept") {
    if (!userId)
      return redirectWithToast(`/signin?redirectTo=/invitations/${params.token}`, {
        type: "message",
        title: "Sign in to accept the invitation",
      });
    const joined = await acceptInvitation(params.token, userId, { request, context });
    return toMembers(joined.workspaceId, joined.workspaceName);
  }
  invariantResponse(!userId, "You are signed in: accept the invitation with this account, or sign out first.", 409);
  const { firstName, lastName, password } = submission.value;
  const joined = await acceptInvitationWithNewAccount(
    params.token,
    { firstName, lastName, password },
    { request, context },
  );
  // A team that requires single sign-on lets its members in only through its provider (ADR 041-sso): the account is
  // made and has joined, and the first sign-in is by SSO, not this form's password.
  const ssoRequired = await ssoRequirementFor(joined.userId);
  if (ssoRequired)
    return redirectWithToast(
      "/signin/sso",
      { type: "message", title: "Your account is ready", description: ssoRequiredRefusal(ssoRequired) },
      { status: 303 },
    );
  return toMembers(
    joined.workspaceId,
    joined.workspaceName,
    await startUserSession(joined.userId, request, context?.clientIp),
  );
});

const STATE_PAGES = {
  expired: {
    title: "This invitation has expired",
    body: "Invitation links work for 7 days. Ask the person who invited you to send a new one.",
  },
  accepted: {
    title: "This invitation was already used",
    body: "Each invitation link works once. If you accepted it, sign in to open the workspace.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    body: "Someone who manages the workspace withdrew it. Ask them to invite you again if you should be in it.",
  },
} as const;

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, token, signedInAs } = loaderData;
  const refusal = pageRefusal(actionData);
  const [form, fields] = useSchemaForm("invited-signup", InvitedSignUpSchema, replyTo(actionData, "signup"), {
    intent: "signup",
  });
  useErrorToast(formReplyOf(actionData), "Could not join");
  const here = `/invitations/${token}`;
  if (invitation.state !== "pending") {
    const page = STATE_PAGES[invitation.state];
    return (
      <AuthLayout>
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="mt-3 text-slate-700">{page.body}</p>
        <p className="mt-6 flex flex-wrap gap-2">
          <Link to="/signin" className={buttonClass("primary")}>
            Sign in
          </Link>
          <Link to="/" className={buttonClass("secondary")}>
            Home
          </Link>
        </p>
      </AuthLayout>
    );
  }
  const role = roleLabel(invitation.role).toLowerCase();
  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold">Join {invitation.workspaceName}</h1>
      <p className="mt-2 text-slate-700">
        {invitation.inviter ? `${invitation.inviter} invited` : "You are invited:"} {invitation.email} to the team
        workspace {invitation.workspaceName} as {role}. The link works once, until{" "}
        {formatDate(invitation.expiresAt, "dateTime")}.
      </p>
      <div className="mt-4 space-y-4">
        {refusal ? <FormAlert title="Could not join">{refusal}</FormAlert> : null}
        {!invitation.seatFree && !refusal ? (
          <FormAlert title="No seat is free yet">
            Every seat in {invitation.workspaceName} is taken. When you try to join, we tell its owner how to add one;
            open this link again once they have.
          </FormAlert>
        ) : null}
        {signedInAs === invitation.email ? (
          <Form method="post">
            <button type="submit" name="intent" value="accept" className={buttonClass("primary")}>
              Join {invitation.workspaceName}
            </button>
          </Form>
        ) : signedInAs ? (
          <>
            <p className="text-sm text-slate-700">
              You are signed in as {signedInAs}, but this invitation is for {invitation.email}. Sign out, then open this
              link again and sign in or create an account with {invitation.email}.
            </p>
            <Form method="post" action="/logout">
              <button type="submit" className={buttonClass("secondary")}>
                Sign out
              </button>
            </Form>
          </>
        ) : invitation.accountExists ? (
          <p>
            <Link to={`/signin?redirectTo=${encodeURIComponent(here)}`} className={buttonClass("primary")}>
              Sign in as {invitation.email} to join
            </Link>
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="signup" />
            <h2 className="text-lg font-semibold">Create your account</h2>
            <FormErrors form={form} />
            <Field label="Email" value={invitation.email} readOnly hint="The invited address; the link proves it." />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="First name" field={fields.firstName} autoComplete="given-name" required />
              <Field label="Last name" field={fields.lastName} autoComplete="family-name" required />
            </div>
            <Field
              label="Password"
              hint={PASSWORD_RULE}
              field={fields.password}
              type="password"
              autoComplete="new-password"
              required
            />
            <PasswordStrengthMeter
              password={typeof fields.password.value === "string" ? fields.password.value : ""}
              userInputs={[invitation.email, String(fields.firstName.value ?? ""), String(fields.lastName.value ?? "")]}
            />
            <button type="submit" className={buttonClass("primary")}>
              Create account and join
            </button>
            <p className="text-sm">
              Already have an account with {invitation.email}?{" "}
              <Link to={`/signin?redirectTo=${encodeURIComponent(here)}`} className="text-brand-700 underline">
                Sign in
              </Link>
            </p>
          </Form>
        )}
      </div>
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
