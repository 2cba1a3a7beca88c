import type { Route } from "./+types/sso-callback";
import { finishSignIn } from "./auth-pages.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { OutboundUrlError } from "~/modules/platform/outbound-http.server";
import { clearSsoStateCookie, finishSsoSignIn, readSsoStateCookie, SsoError } from "~/modules/workspaces/sso.server";

// GET /auth/sso/callback: the identity provider sends the browser back here with a code (ADR 041-sso). The provider
// was the sign-in, with its own second factor if it asks for one: Voxlate does not ask for its own after it.
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Set-Cookie": await clearSsoStateCookie() });
  let signedIn: Awaited<ReturnType<typeof finishSsoSignIn>>;
  try {
    signedIn = await finishSsoSignIn(new URL(request.url), await readSsoStateCookie(request), { request, context });
  } catch (error) {
    if (!(error instanceof SsoError || error instanceof OutboundUrlError)) throw error;
    return redirectWithToast(
      "/signin/sso",
      { type: "error", title: "Single sign-on failed", description: error.message },
      { headers },
    );
  }
  const passed = { userId: signedIn.userId, email: signedIn.email, method: "SSO", redirectTo: signedIn.redirectTo };
  return finishSignIn(request, context, passed, headers, {
    toast: { title: signedIn.isNew ? "Welcome to Voxlate!" : "Welcome back!" },
    newAccount: signedIn.isNew,
  });
}
