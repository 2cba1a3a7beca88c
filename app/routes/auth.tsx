import { useEffect } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { Logo } from "~/components/logo";
import { pageMeta } from "~/components/page";
import { showToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { handleAuthAction, loadAuthPage, type AuthActionData } from "~/modules/accounts/auth-page.server";

export const meta: Route.MetaFunction = ({ data }) =>
  data?.mode === "signin"
    ? pageMeta("Sign in", "Sign in to Voxlate.")
    : data?.mode === "register"
      ? pageMeta("Create your account", "Sign up for Voxlate: 5 free minutes of transcription every month.")
      : pageMeta("Your account", "Verify your email or reset your password.");

export const loader = ({ request }: Route.LoaderArgs) => loadAuthPage(request);
export const action = ({ request, context }: Route.ActionArgs) => handleAuthAction(request, context);

/** With JavaScript, failures also show as toasts (spec section 8); without it the inline alerts say the same. */
function useActionToast(actionData: AuthActionData | undefined) {
  useEffect(() => {
    if (!actionData) return;
    if ("toastTitle" in actionData) showToast({ type: "error", title: actionData.toastTitle, description: actionData.error });
    else if (actionData.intent === "signup" && actionData.toast) showToast({ type: "error", title: "Error", description: actionData.toast });
    else if (actionData.intent === "resend") {
      showToast(actionData.ok ? { type: "success", title: "Code Resent" } : { type: "error", title: "Failed to resend code", description: actionData.error });
    } else if (actionData.intent === "reset-request") {
      showToast(actionData.ok ? { type: "success", title: "Reset Link Sent", description: actionData.ok } : { type: "error", title: "Failed to send reset email", description: actionData.error });
    } else if (actionData.intent === "reset-password") showToast({ type: "error", title: "Failed to reset password", description: actionData.error });
  }, [actionData]);
}

export default function AuthPage() {
  const { mode, redirectTo, draft, verifyEmail, token, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  useActionToast(actionData);
  const redirectQuery = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const ofIntent = <Intent extends AuthActionData["intent"]>(intent: Intent) =>
    actionData?.intent === intent ? (actionData as Extract<AuthActionData, { intent: Intent }>) : undefined;

  return (
    <>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <Link to="/" className={buttonClass("ghost")}>
            <span aria-hidden="true">←</span> Back to Home
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-10 lg:grid-cols-2 lg:py-16">
        <section aria-label="Why Voxlate" className="hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 p-10 text-white lg:block">
          <h2 className="text-3xl font-bold">Your recordings, as text you can use</h2>
          <ul className="mt-8 space-y-4 text-brand-100">
            <li>Transcripts with timestamps and speaker labels</li>
            <li>Translate and summarise your transcripts</li>
            <li>Export as PDF, DOCX, TXT or SRT</li>
            <li>Start free: 5 minutes every month, no credit card</li>
          </ul>
        </section>
        <section aria-label="Account" className="mx-auto w-full max-w-md">
          {mode === "signin" || mode === "register" ? (
            <nav aria-label="Sign up or sign in" className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-center text-sm font-medium">
              <Link
                to={`/signup?tab=register${redirectQuery}`}
                aria-current={mode === "register" ? "page" : undefined}
                className={`rounded-md py-2 ${mode === "register" ? "bg-white shadow" : "text-slate-600"}`}
              >
                Sign Up
              </Link>
              <Link
                to={`/signin?tab=signin${redirectQuery}`}
                aria-current={mode === "signin" ? "page" : undefined}
                className={`rounded-md py-2 ${mode === "signin" ? "bg-white shadow" : "text-slate-600"}`}
              >
                Sign In
              </Link>
            </nav>
          ) : null}
          <div className="mt-8">
            {mode === "signin" ? <SignInForm redirectTo={redirectTo} result={ofIntent("signin")} /> : null}
            {mode === "register" ? <SignUpForm draft={draft} errors={ofIntent("signup")?.errors ?? {}} redirectTo={redirectTo} /> : null}
            {mode === "verify" ? (
              <VerifyForm email={verifyEmail} redirectTo={redirectTo} verify={ofIntent("verify")} resend={ofIntent("resend")} />
            ) : null}
            {mode === "reset-request" ? <ResetRequestForm result={ofIntent("reset-request")} /> : null}
            {mode === "reset-password" ? <ResetPasswordForm token={token} result={ofIntent("reset-password")} /> : null}
          </div>
          {googleEnabled && (mode === "signin" || mode === "register") ? <GoogleButton /> : null}
        </section>
      </main>
    </>
  );
}

function SubmitButton({ label, busyLabel, intent }: { label: string; busyLabel: string; intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={buttonClass("primary", "w-full")}>
      {busy ? busyLabel : label}
    </button>
  );
}

function SignInForm({ redirectTo, result }: { redirectTo: string; result?: { error: string; toastTitle: string } }) {
  return (
    <Form method="post" className="space-y-4">
      <h1 className="text-2xl font-bold">Welcome back</h1>
      {result ? <FormAlert title={result.toastTitle}>{result.error}</FormAlert> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <SubmitButton label="Sign In" busyLabel="Signing in..." intent="signin" />
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="text-brand-600 underline">
          Forgot password?
        </Link>
      </p>
    </Form>
  );
}

function VerifyForm(props: {
  email: string;
  redirectTo: string;
  verify?: { error: string; toastTitle: string };
  resend?: { error?: string; ok?: string };
}) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Check your email</h1>
      <p className="text-slate-600">
        We sent a 6-digit code to <strong className="text-slate-900">{props.email}</strong>. It expires in 10 minutes.
      </p>
      {props.verify ? <FormAlert title={props.verify.toastTitle}>{props.verify.error}</FormAlert> : null}
      {props.resend?.ok ? <FormAlert tone="success">Code Resent</FormAlert> : null}
      {props.resend?.error ? <FormAlert title="Failed to resend code">{props.resend.error}</FormAlert> : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={props.redirectTo} />
        <Field
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-center text-2xl tracking-[0.5em]"
        />
        <SubmitButton label="Verify" busyLabel="Verifying..." intent="verify" />
      </Form>
      <Form method="post" className="flex items-center justify-between gap-2">
        <input type="hidden" name="redirectTo" value={props.redirectTo} />
        <button type="submit" name="intent" value="back-to-registration" className={buttonClass("ghost")}>
          Back to Registration
        </button>
        <button type="submit" name="intent" value="resend" className={buttonClass("secondary")}>
          Resend Code
        </button>
      </Form>
    </div>
  );
}

function ResetRequestForm({ result }: { result?: { error?: string; ok?: string } }) {
  return (
    <Form method="post" className="space-y-4">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      <p className="text-slate-600">Enter your account's email and we'll send you a link to choose a new password.</p>
      {result?.ok ? (
        <FormAlert tone="success" title="Reset Link Sent">
          {result.ok}
        </FormAlert>
      ) : null}
      {result?.error ? <FormAlert title="Failed to send reset email">{result.error}</FormAlert> : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <SubmitButton label="Send reset link" busyLabel="Sending..." intent="reset-request" />
      <p className="text-center text-sm">
        <Link to="/signin" className="text-brand-600 underline">
          Back to sign in
        </Link>
      </p>
    </Form>
  );
}

function ResetPasswordForm({ token, result }: { token: string; result?: { error: string } }) {
  return (
    <Form method="post" className="space-y-4">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {result ? <FormAlert title="Failed to reset password">{result.error}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <Field label="New password" name="password" type="password" autoComplete="new-password" minLength={6} required hint="At least 6 characters" />
      <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" minLength={6} required />
      <SubmitButton label="Set new password" busyLabel="Saving..." intent="reset-password" />
    </Form>
  );
}

function GoogleButton() {
  return (
    <div className="mt-6">
      <p className="relative text-center text-xs uppercase tracking-wide text-slate-500 before:absolute before:left-0 before:top-1/2 before:h-px before:w-[40%] before:bg-slate-200 after:absolute after:right-0 after:top-1/2 after:h-px after:w-[40%] after:bg-slate-200">
        or
      </p>
      {/* A plain link: the browser itself goes to Google's sign-in page. */}
      <a href="/api/auth/google" className={buttonClass("secondary", "mt-4 w-full")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9H1.4v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6H1.4a12 12 0 0 0 0 10.8l4-3z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
        </svg>
        Continue with Google
      </a>
    </div>
  );
}
