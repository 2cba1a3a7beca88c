import { data } from "react-router";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import type { Route } from "./+types/login";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { login, LoginSchema, notifyNewDevice } from "~/modules/accounts/auth.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { checkSecondFactorLimited, hasTwoFactor, TwoFactorError } from "~/modules/accounts/two-factor.server";
import { getUser, startUserSession } from "~/modules/platform/session.server";

// POST /api/login {email, password, code?} → the user; errors carry `error` and a `code` when unverified
// (EMAIL_NOT_VERIFIED), when a workspace requires single sign-on (SSO_REQUIRED, ADR 041-sso) or when the account's second factor is missing or wrong (TWO_FACTOR_REQUIRED, _INVALID).
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { email, password, code } = await readJsonBody(request, LoginSchema);
  const client = await loginClient(request, context);
  const result = await login(email, password, client, { request, context });
  if (result.status === "throttled") {
    const retryAfter = String(Math.ceil(result.waitMs / 1000));
    return data({ error: tooManyLogins(result.waitMs) }, { status: 429, headers: { "Retry-After": retryAfter } });
  }
  if (result.status === "invalid") return data({ error: "Invalid email or password" }, { status: 401 });
  if (result.status === "sso-required") return data({ code: "SSO_REQUIRED", error: result.message }, { status: 403 });
  if (result.status === "unverified") {
    return data(
      { code: "EMAIL_NOT_VERIFIED", error: "Please verify your email address. A new verification code has been sent." },
      { status: 403 },
    );
  }
  if (await hasTwoFactor(result.userId)) {
    // One call with both factors: a JSON client has no page to be sent to between them.
    if (!code) {
      return data(
        { code: "TWO_FACTOR_REQUIRED", error: "Enter the code from your authenticator app, or a recovery code." },
        { status: 401 },
      );
    }
    try {
      await checkSecondFactorLimited(result.userId, email, code, client, { request, context });
    } catch (error) {
      if (!(error instanceof TwoFactorError)) throw error;
      return data({ code: "TWO_FACTOR_INVALID", error: error.message }, { status: error.status });
    }
  }
  const headers = await startUserSession(result.userId, request, context?.clientIp);
  await recordSignIn(result.userId, request, context);
  await notifyNewDevice(result.userId, request.headers.get("User-Agent"));
  const cookie = headers.getSetCookie().at(-1)!.split(";")[0];
  const user = await getUser(new Request(request.url, { headers: { Cookie: cookie } }));
  headers.append("Set-Cookie", result.deviceCookie);
  return data(user, { headers });
}
