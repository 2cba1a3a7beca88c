import type { Route } from "./+types/passkey-verify";
import { finishSignIn } from "./auth-pages.server";
import { loginClient } from "~/modules/accounts/login-throttle.server";
import { PasskeySignInVerifyBodySchema } from "~/modules/accounts/passkey-forms";
import { PasskeyError, verifyPasskeySignIn } from "~/modules/accounts/passkeys.server";
import {
  recordSsoRequiredRefusal,
  ssoRequiredRefusal,
  ssoRequirementFor,
} from "~/modules/accounts/sso-required.server";
import { clearPendingSignInCookie, readPendingSignIn } from "~/modules/accounts/two-factor.server";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { requireAnonymous } from "~/modules/platform/session.server";
import { safeRedirectPath } from "~/utils/redirect";

// POST /auth/passkey/verify {purpose, response, redirectTo?} → {redirectTo} with the session's cookies (ADR 039). A
// passwordless sign-in needs a passkey that verified its user, and skips the second step (it is two factors); as the
// second factor, the passkey must be the account's whose password was right. Either way it ends in finishSignIn.
export const loader = postOnly;

export const action = withRefusals(async ({ request, context }: Route.ActionArgs) => {
  await requireAnonymous(request);
  const body = await readJsonBody(request, PasskeySignInVerifyBodySchema);
  const client = await loginClient(request, context);
  const source = { request, context };
  if (body.purpose === "sign-in") {
    const signedIn = await verifyPasskeySignIn("sign-in", body.response, null, client, source);
    // "SSO required" binds every way in but the workspace's own provider (ADR 041-sso), a passkey included.
    const ssoRequired = await ssoRequirementFor(signedIn.userId);
    if (ssoRequired) {
      await recordSsoRequiredRefusal(signedIn.userId, "passkey", ssoRequired, source);
      throw new PasskeyError(ssoRequiredRefusal(ssoRequired), 403);
    }
    const redirectTo = safeRedirectPath(body.redirectTo, "");
    return asJsonNavigation(
      await finishSignIn(request, context, {
        userId: signedIn.userId,
        email: signedIn.email,
        method: "passkey",
        redirectTo,
      }),
    );
  }
  const pending = await readPendingSignIn(request);
  if (!pending) throw new PasskeyError("Your sign-in took more than ten minutes. Start again with your password.", 409);
  await verifyPasskeySignIn("second-factor", body.response, pending.userId, client, source);
  const headers = new Headers({ "Set-Cookie": await clearPendingSignInCookie() });
  // The history says both factors: "password + passkey", "Google + passkey".
  const signedIn = { ...pending, method: `${pending.method} + passkey` };
  return asJsonNavigation(await finishSignIn(request, context, signedIn, headers));
});

/** finishSignIn's redirect as JSON for the script that called: where to go, with the same cookies. */
function asJsonNavigation(redirect: Response): Response {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  for (const cookie of redirect.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(JSON.stringify({ redirectTo: redirect.headers.get("Location") ?? "/dashboard" }), { headers });
}
