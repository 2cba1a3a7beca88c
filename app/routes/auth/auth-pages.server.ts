// The data each auth page needs, shared by its own route and by /auth, which shows the page its query names.
import { type AppLoadContext, redirect } from "react-router";
import { INVALID_RESET_LINK, notifyNewDevice, userAccount, validateResetToken } from "~/modules/accounts/auth.server";
import { loginClient, trustDeviceHeader } from "~/modules/accounts/login-throttle.server";
import { hasTwoFactor, pendingSignInCookie } from "~/modules/accounts/two-factor.server";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import { isGoogleConfigured } from "~/modules/accounts/google-auth.server";
import { readPendingLoginEmail } from "~/modules/accounts/pending-verification.server";
import { safeRedirectPath, withRedirect } from "~/utils/redirect";
import { requireAnonymous, startUserSession } from "~/modules/platform/session.server";
import { readDraft, signupProgress } from "~/modules/accounts/signup-draft.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { secondFactorEnrolmentRequiredBy } from "~/modules/workspaces/workspace-security.server";

export type AuthPage = "signin" | "signup" | "verify" | "forgot" | "reset";

/**
 * Spec section 2: ?mode=verify shows the code form, ?reset or ?token the new-password form, ?mode=forgot the
 * request form, /signin or ?tab=signin sign-in; the default is sign-up.
 */
export function authPageFor(url: URL): AuthPage {
  const query = url.searchParams;
  if (query.get("mode") === "verify") return "verify";
  if (query.has("reset") || query.has("token")) return "reset";
  if (query.get("mode") === "forgot") return "forgot";
  if (query.get("tab") === "signin") return "signin";
  return "signup";
}

export const redirectToOf = (url: URL) => safeRedirectPath(url.searchParams.get("redirectTo"), "");

export async function signInPageData(request: Request) {
  await requireAnonymous(request);
  return {
    page: "signin" as const,
    redirectTo: redirectToOf(new URL(request.url)),
    googleEnabled: isGoogleConfigured(),
  };
}

export async function signUpPageData(request: Request) {
  await requireAnonymous(request);
  const draft = await readDraft(request);
  return {
    page: "signup" as const,
    redirectTo: redirectToOf(new URL(request.url)),
    googleEnabled: isGoogleConfigured(),
    draft: {
      firstName: draft?.firstName ?? "",
      lastName: draft?.lastName ?? "",
      email: draft?.email ?? "",
      industry: draft?.industry ?? "",
      hearAboutUs: draft?.hearAboutUs ?? "",
    },
    progress: signupProgress(draft),
  };
}

/** The code form is for a sign-up waiting for its code or an unverified sign-in; anyone else starts over. */
export async function verifyPageData(request: Request) {
  await requireAnonymous(request);
  const redirectTo = redirectToOf(new URL(request.url));
  const draft = await readDraft(request);
  const pendingLoginEmail = await readPendingLoginEmail(request);
  const email = draft?.awaitingCode ? draft.email : pendingLoginEmail;
  if (!email) throw redirect(withRedirect("/signup", redirectTo));
  return { page: "verify" as const, redirectTo, email };
}

export async function forgotPageData(request: Request) {
  await requireAnonymous(request);
  return { page: "forgot" as const };
}

/** An unknown or used link goes back to the request form, at /auth (spec section 4). */
export async function resetPageData(request: Request) {
  await requireAnonymous(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await validateResetToken(token))) throw await invalidResetLink();
  return { page: "reset" as const, token };
}

export const invalidResetLink = () =>
  redirectWithToast("/auth?mode=forgot", {
    type: "error",
    title: "Invalid Reset Link",
    description: INVALID_RESET_LINK,
  });

// ---- The end of every sign-in ----------------------------------------------------------------------------------

export interface FirstFactorPassed {
  userId: string;
  email: string;
  /** How the first factor was proved, for the sign-in history: "password" or "Google". */
  method: string;
  redirectTo: string;
}

/**
 * After the password (or Google): an account with two-factor sign-in goes to /signin/two-factor, carrying who it is
 * in a short-lived signed cookie; any other is signed in.
 */
export async function signInOrAskSecondFactor(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  passed: FirstFactorPassed,
  headers = new Headers(),
) {
  if (await hasTwoFactor(passed.userId)) {
    headers.append("Set-Cookie", await pendingSignInCookie(passed));
    return redirect("/signin/two-factor", { headers });
  }
  return finishSignIn(request, context, passed, headers);
}

/**
 * Signs the user in: a new session, the sign-in history, this browser trusted by the account's sign-in limit, the
 * new-device email, and the page they were going to.
 */
export async function finishSignIn(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  { userId, email, method, redirectTo }: FirstFactorPassed,
  headers = new Headers(),
  { toast = { title: "Welcome back!" }, newAccount = false }: { toast?: { title: string }; newAccount?: boolean } = {},
) {
  for (const cookie of (await startUserSession(userId, request, context?.clientIp)).getSetCookie())
    headers.append("Set-Cookie", cookie);
  await recordSignIn(userId, request, context, method);
  headers.append("Set-Cookie", await trustDeviceHeader(userAccount(email), await loginClient(request, context)));
  // A new account's first browser is no news to its owner.
  if (!newAccount) await notifyNewDevice(userId, request.headers.get("User-Agent"));
  // A workspace that requires a second factor: set one up first (the app's layout would send them there anyway).
  const requiredBy = await secondFactorEnrolmentRequiredBy(userId);
  if (requiredBy.length > 0) {
    return redirectWithToast(
      "/account/two-factor",
      { type: "message", title: "Set up two-factor sign-in", description: `${requiredBy.join(", ")} requires it.` },
      { headers },
    );
  }
  return redirectWithToast(redirectTo || "/dashboard", { type: "success", ...toast }, { headers });
}
