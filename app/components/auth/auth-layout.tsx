import { Link, useNavigation } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { exportFormatList } from "~/services/export/format-guide";
import { Logo } from "~/components/logo";
import { SupportChatLauncher } from "~/components/support-chat-launcher";

/**
 * The frame of every auth page (spec section 2): "Back to Home", the marketing panel, and on sign-in and
 * sign-up the two tabs and the Google button.
 */
export function AuthLayout({
  tab,
  redirectTo = "",
  googleEnabled = false,
  children,
}: {
  tab?: "signup" | "signin";
  redirectTo?: string;
  googleEnabled?: boolean;
  children: React.ReactNode;
}) {
  const redirectQuery = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <div className="flex items-center gap-2">
            <SupportChatLauncher />
            <Link to="/" className={buttonClass("ghost")}>
              <span aria-hidden="true">←</span> Back to Home
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 gap-10 px-4 py-10 lg:grid-cols-2 lg:py-16">
        <section
          aria-label="Why Voxlate"
          className="hidden rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 p-10 text-white lg:block"
        >
          <h2 className="text-3xl font-bold">Your recordings, as text you can use</h2>
          <ul className="mt-8 space-y-4 text-brand-100">
            <li>Transcripts with timestamps and speaker labels</li>
            <li>Translate and summarise your transcripts</li>
            <li>Export as {exportFormatList()}</li>
            <li>Start free: 5 minutes every month, no credit card</li>
          </ul>
        </section>
        <section aria-label="Account" className="mx-auto w-full max-w-md">
          {tab ? (
            <nav
              aria-label="Sign up or sign in"
              className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-center text-sm font-medium"
            >
              <Link
                to={`/signup?tab=register${redirectQuery}`}
                aria-current={tab === "signup" ? "page" : undefined}
                className={`rounded-md py-2 ${tab === "signup" ? "bg-white shadow" : "text-slate-600"}`}
              >
                Sign Up
              </Link>
              <Link
                to={`/signin?tab=signin${redirectQuery}`}
                aria-current={tab === "signin" ? "page" : undefined}
                className={`rounded-md py-2 ${tab === "signin" ? "bg-white shadow" : "text-slate-600"}`}
              >
                Sign In
              </Link>
            </nav>
          ) : null}
          <div className="mt-8">{children}</div>
          {googleEnabled && tab ? <GoogleButton /> : null}
        </section>
      </main>
    </>
  );
}

/** An auth page's ErrorBoundary: the error inside the auth pages' own frame ("Back to Home"), as the page would be. */
export function AuthErrorBoundary() {
  return (
    <AuthLayout>
      <GeneralErrorBoundary />
    </AuthLayout>
  );
}

/** A submit button that says it is busy while its own intent (or its own form's action) is being posted. */
export function SubmitButton({
  label,
  busyLabel,
  action,
  intent,
}: {
  label: string;
  busyLabel: string;
  action: string;
  intent?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formAction?.split("?")[0] === action &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={busy}
      className={buttonClass("primary", "w-full")}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

function GoogleButton() {
  return (
    <div className="mt-6">
      <p className="relative text-center text-xs tracking-wide text-slate-500 uppercase before:absolute before:top-1/2 before:left-0 before:h-px before:w-[40%] before:bg-slate-200 after:absolute after:top-1/2 after:right-0 after:h-px after:w-[40%] after:bg-slate-200">
        or
      </p>
      {/* A plain link: the browser itself goes to Google's sign-in page. */}
      <a href="/api/auth/google" className={buttonClass("secondary", "mt-4 w-full")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9H1.4v3.1A12 12 0 0 0 12 24z"
          />
          <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6H1.4a12 12 0 0 0 0 10.8l4-3z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
          />
        </svg>
        Continue with Google
      </a>
    </div>
  );
}
