import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { Logo } from "~/components/logo";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { LoginSchema, verifyLogin } from "~/utils/auth.server";
import { safeRedirectPath } from "~/utils/redirect";
import { createUserSession, destroyUserSession, requireAnonymous } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

type Mode = "register" | "signin" | "reset-request" | "reset-password";

/** Spec section 2: /signin or ?tab=signin selects sign-in; ?reset or ?token opens set-new-password; default register. */
function modeFor(url: URL): Mode {
  if (url.pathname === "/reset-password" || url.searchParams.has("reset") || url.searchParams.has("token")) {
    return "reset-password";
  }
  if (url.pathname === "/forgot-password") return "reset-request";
  if (url.pathname === "/signin" || url.searchParams.get("tab") === "signin") return "signin";
  return "register";
}

export const meta: Route.MetaFunction = ({ data }) =>
  data?.mode === "signin"
    ? pageMeta("Sign in", "Sign in to Voxlate.")
    : pageMeta("Create your account", "Sign up for Voxlate: 5 free minutes of transcription every month.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  return { mode: modeFor(url), redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "") };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = LoginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Login failed" }, { status: 400 });
  }
  const user = await verifyLogin(parsed.data.email, parsed.data.password);
  if (!user) return data({ error: "Invalid email or password" }, { status: 401 });

  // A new session id on every sign-in; the old one (if any) is ended.
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request));
  headers.append("Set-Cookie", await createUserSession(user.id, request));
  return redirectWithToast(
    safeRedirectPath(form.get("redirectTo"), "/dashboard"),
    { type: "success", title: "Welcome back!" },
    { headers },
  );
}

export default function AuthPage() {
  const { mode, redirectTo } = useLoaderData<typeof loader>();
  const redirectQuery = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
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
            <li>Translate and summarise in a click</li>
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
            {mode === "signin" ? <SignInForm redirectTo={redirectTo} /> : null}
            {mode === "register" ? (
              <div>
                <h1 className="text-2xl font-bold">Create your account</h1>
                <p className="mt-2 text-slate-600">
                  New accounts are not open yet. If you already have one, <Link to="/signin" className="text-brand-600 underline">sign in</Link>.
                </p>
              </div>
            ) : null}
            {mode === "reset-request" || mode === "reset-password" ? (
              <div>
                <h1 className="text-2xl font-bold">Reset your password</h1>
                <p className="mt-2 text-slate-600">
                  Password reset by email is not available yet. Ask us in the support chat and we will help you back in.
                </p>
              </div>
            ) : null}
          </div>
        </section>
      </main>
    </>
  );
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="space-y-4" aria-describedby={actionData?.error ? "signin-error" : undefined}>
      <h1 className="text-2xl font-bold">Welcome back</h1>
      {actionData?.error ? (
        <div id="signin-error" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">Login Failed</p>
          <p>{actionData.error}</p>
        </div>
      ) : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          Email
        </label>
        <input id="email" name="email" type="email" autoComplete="email" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
      </div>
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
        {busy ? "Signing in..." : "Sign In"}
      </button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="text-brand-600 underline">
          Forgot password?
        </Link>
      </p>
    </Form>
  );
}
