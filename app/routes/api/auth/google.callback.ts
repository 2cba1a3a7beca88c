import type { Route } from "./+types/google.callback";
import {
  authenticateWithGoogle,
  clearGoogleStateCookie,
  findOrCreateGoogleUser,
  isGoogleConfigured,
} from "~/modules/accounts/google-auth.server";
import { recordSignInFailure } from "~/modules/accounts/auth.server";
import {
  recordSsoRequiredRefusal,
  ssoRequiredRefusal,
  ssoRequirementFor,
} from "~/modules/accounts/sso-required.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { finishSignIn, signInOrAskSecondFactor } from "~/routes/auth/auth-pages.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("auth");

// GET /api/auth/google/callback: Google sends the browser back here with a code.
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isGoogleConfigured())
    return redirectWithToast("/signin", {
      type: "error",
      title: "Login failed",
      description: "Google sign-in is not configured.",
    });
  let result: Awaited<ReturnType<typeof findOrCreateGoogleUser>>;
  try {
    result = await findOrCreateGoogleUser(await authenticateWithGoogle(request));
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error({ err: error }, "Google sign-in failed");
    await recordSignInFailure(null, "Google", { request, context });
    return redirectWithToast("/signin", {
      type: "error",
      title: "Login failed",
      description:
        error instanceof Error && error.message.includes("not verified")
          ? error.message
          : "Google sign-in failed. Please try again.",
    });
  }
  const headers = new Headers({ "Set-Cookie": clearGoogleStateCookie() });
  const ssoRequired = result.isNew ? null : await ssoRequirementFor(result.userId);
  if (ssoRequired) {
    await recordSsoRequiredRefusal(result.userId, "Google", ssoRequired, { request, context });
    return redirectWithToast(
      "/signin",
      { type: "error", title: "Login failed", description: ssoRequiredRefusal(ssoRequired) },
      { headers },
    );
  }
  const passed = { userId: result.userId, email: result.email, method: "Google", redirectTo: "" };
  // A new account has no second factor yet; an existing one with two-factor sign-in is asked for it, as after a password.
  if (!result.isNew) return signInOrAskSecondFactor(request, context, passed, headers);
  return finishSignIn(request, context, { ...passed, redirectTo: "/plan-selection" }, headers, {
    toast: { title: "Account created successfully!" },
    newAccount: true,
  });
}
