import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/two-factor";
import { finishSignIn } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout, SubmitButton } from "~/components/auth/auth-layout";
import { pageMeta } from "~/components/page";
import { Field, FormErrors, useErrorToast } from "~/components/ui/field";
import { loginClient } from "~/modules/accounts/login-throttle.server";
import { TwoFactorSignInSchema } from "~/modules/accounts/two-factor-forms";
import {
  clearPendingSignInCookie,
  checkSecondFactorLimited,
  readPendingSignIn,
  TwoFactorError,
  twoFactorStatus,
} from "~/modules/accounts/two-factor.server";
import { hasPasskey } from "~/modules/accounts/passkeys.server";
import { PasskeySignInButton } from "~/components/auth/passkey-ceremony";
import { readForm } from "~/modules/platform/request-body.server";
import { requireAnonymous } from "~/modules/platform/session.server";

export const meta: Route.MetaFunction = () =>
  pageMeta("Two-factor sign-in", "Enter the code from your authenticator app to finish signing in.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const pending = await readPendingSignIn(request);
  if (!pending) throw redirect("/signin");
  // Which factors to offer: the app's code, a passkey (ADR 039), or both; recovery codes always.
  const [status, passkey] = await Promise.all([twoFactorStatus(pending.userId), hasPasskey(pending.userId)]);
  return { hasApp: Boolean(status.enabledAt), hasPasskey: passkey };
}

/**
 * The second step of a sign-in: a code from the app or a recovery code. Wrong codes count as failed sign-ins of the
 * account (login-throttle.server.ts): a guesser from one place slows to a crawl, the owner's known browsers never wait.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request);
  const pending = await readPendingSignIn(request);
  if (!pending) {
    throw redirect("/signin", { headers: { "Set-Cookie": await clearPendingSignInCookie() } });
  }
  const submission = parseWithZod(await readForm(request), { schema: TwoFactorSignInSchema });
  const hideFields = ["code"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  let used: Awaited<ReturnType<typeof checkSecondFactorLimited>>;
  try {
    used = await checkSecondFactorLimited(
      pending.userId,
      pending.email,
      submission.value.code,
      await loginClient(request, context),
      { request, context },
    );
  } catch (error) {
    if (!(error instanceof TwoFactorError)) throw error;
    const errors = error.status === 429 ? { formErrors: [error.message] } : { fieldErrors: { code: [error.message] } };
    return data(submission.reply({ ...errors, hideFields }), { status: error.status });
  }
  const headers = new Headers({ "Set-Cookie": await clearPendingSignInCookie() });
  // The history says both factors: "password + two-factor", "Google + two-factor".
  const signedIn = { ...pending, method: `${pending.method} + two-factor` };
  return finishSignIn(request, context, signedIn, headers, {
    toast:
      used === "recovery-code"
        ? { title: "Signed in with a recovery code. It cannot be used again: make new ones on your account page." }
        : undefined,
  });
}

export default function TwoFactorSignIn() {
  const { hasApp, hasPasskey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "two-factor-sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorSignInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Sign-in failed");
  return (
    <AuthLayout>
      <Form method="post" action="/signin/two-factor" {...getFormProps(form)} className="space-y-4">
        <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
        <p className="text-slate-600">
          {hasApp
            ? "Your password was right. Enter the 6-digit code your authenticator app shows for Voxlate, or one of your recovery codes."
            : "Your password was right. Use your passkey, or enter one of your recovery codes."}
        </p>
        {hasPasskey ? (
          <section aria-label="Passkey" className="border-b border-slate-200 pb-4">
            <PasskeySignInButton
              purpose="second-factor"
              label="Use a passkey"
              otherWay={
                hasApp ? "Enter the code from your app or a recovery code below." : "Enter a recovery code below."
              }
            />
          </section>
        ) : null}
        <FormErrors form={form} title="Sign-in failed" />
        <Field
          label={hasApp ? "Authentication code" : "Recovery code"}
          field={fields.code}
          autoComplete="one-time-code"
          autoFocus
          hint="A recovery code looks like abcde-fghjk and works once."
        />
        <SubmitButton label="Verify" busyLabel="Verifying..." action="/signin/two-factor" />
        <p className="text-center text-sm">
          <Link to="/signin" className="text-brand-600 underline">
            Start again
          </Link>
        </p>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
