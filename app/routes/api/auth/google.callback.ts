import type { Route } from "./+types/google.callback";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import {
  authenticateWithGoogle,
  clearGoogleStateCookie,
  findOrCreateGoogleUser,
  isGoogleConfigured,
} from "~/modules/accounts/google-auth.server";
import { recordSignInFailure, userAccount } from "~/modules/accounts/auth.server";
import { loginClient, trustDeviceHeader } from "~/modules/accounts/login-throttle.server";
import { startUserSession } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

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
    console.error("[auth] Google sign-in failed", error);
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
  const headers = await startUserSession(result.userId, request);
  await recordSignIn(result.userId, request, context, "Google");
  headers.append("Set-Cookie", clearGoogleStateCookie());
  // Like a password sign-in, this browser is now known to the account: guesses against it cannot hold it back.
  headers.append("Set-Cookie", await trustDeviceHeader(userAccount(result.email), await loginClient(request, context)));
  return result.isNew
    ? redirectWithToast("/plan-selection", { type: "success", title: "Account created successfully!" }, { headers })
    : redirectWithToast("/dashboard", { type: "success", title: "Welcome back!" }, { headers });
}
