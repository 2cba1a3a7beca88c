import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/sso";
import { redirectToOf } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout, SubmitButton } from "~/components/auth/auth-layout";
import { pageMeta } from "~/components/page";
import { Field, FormErrors, useErrorToast } from "~/components/ui/field";
import { readForm } from "~/modules/platform/request-body.server";
import { requireAnonymous } from "~/modules/platform/session.server";
import { SsoStartSchema } from "~/modules/workspaces/sso-forms";
import { SsoError, ssoStateCookie, startSsoSignIn } from "~/modules/workspaces/sso.server";
import { OutboundUrlError } from "~/modules/platform/outbound-http.server";
import { safeRedirectPath, withRedirect } from "~/utils/redirect";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in with SSO", "Sign in to Voxlate through your organisation's identity provider.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return { redirectTo: redirectToOf(new URL(request.url)) };
}

/**
 * The work email's domain names the workspace; the browser goes to its identity provider (a plain redirect, so it
 * works without JavaScript) carrying the state, which a cookie keeps for the callback (ADR 041-sso).
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const submission = parseWithZod(await readForm(request), { schema: SsoStartSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const redirectTo = safeRedirectPath(submission.value.redirectTo, "");
  try {
    const { authorizationUrl, state } = await startSsoSignIn(submission.value.email, redirectTo);
    // Not a redirect: the Content-Security-Policy's form-action (server.ts) also binds a form post's redirects, and a
    // workspace's provider cannot be listed there ahead of time. The page sends the browser on instead (below).
    return data(
      { authorizationUrl: authorizationUrl.href, providerHost: authorizationUrl.host },
      { headers: { "Set-Cookie": await ssoStateCookie(state) } },
    );
  } catch (error) {
    if (!(error instanceof SsoError || error instanceof OutboundUrlError)) throw error;
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
}

/**
 * On the way to the provider: without JavaScript the meta refresh goes on (and the link, if a browser does not), with
 * it the page itself.
 */
function Leaving({ authorizationUrl, providerHost }: { authorizationUrl: string; providerHost: string }) {
  useEffect(() => window.location.assign(authorizationUrl), [authorizationUrl]);
  return (
    <AuthLayout>
      <meta httpEquiv="refresh" content={`0;url=${authorizationUrl}`} />
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Sign in with SSO</h1>
        <p className="text-slate-600">Taking you to your organisation&apos;s sign-in page at {providerHost}…</p>
        <a href={authorizationUrl} className="text-brand-600 underline">
          Continue to {providerHost}
        </a>
      </div>
    </AuthLayout>
  );
}

export default function SsoSignIn() {
  const actionData = useActionData<typeof action>();
  if (actionData && "authorizationUrl" in actionData) return <Leaving {...actionData} />;
  return <SsoEmailForm lastResult={actionData} />;
}

function SsoEmailForm({
  lastResult,
}: {
  lastResult: Exclude<ReturnType<typeof useActionData<typeof action>>, { authorizationUrl: string }>;
}) {
  const { redirectTo } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    id: "sso-sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SsoStartSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Single sign-on");
  return (
    <AuthLayout>
      <Form
        method="post"
        action={withRedirect("/signin/sso", redirectTo)}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <h1 className="text-2xl font-bold">Sign in with SSO</h1>
        <p className="text-slate-600">
          Enter your work email. We send you to your organisation&apos;s sign-in page, then back here.
        </p>
        <FormErrors form={form} title="Single sign-on" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Work email" field={fields.email} type="email" autoComplete="email" autoFocus required />
        <SubmitButton label="Continue" busyLabel="Continuing..." action="/signin/sso" />
        <p className="text-center text-sm">
          <Link to={withRedirect("/signin", redirectTo)} className="text-brand-600 underline">
            Sign in with a password instead
          </Link>
        </p>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
