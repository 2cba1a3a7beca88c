import { data } from "react-router";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import type { Route } from "./+types/login";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { login, LoginSchema, notifyNewDevice } from "~/modules/accounts/auth.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { getUser, startUserSession } from "~/modules/platform/session.server";

// POST /api/login {email, password} → the user; errors carry `error` and, when unverified, `code`.
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { email, password } = await readJsonBody(request, LoginSchema);
  const result = await login(email, password, await loginClient(request, context), { request, context });
  if (result.status === "throttled") {
    const retryAfter = String(Math.ceil(result.waitMs / 1000));
    return data({ error: tooManyLogins(result.waitMs) }, { status: 429, headers: { "Retry-After": retryAfter } });
  }
  if (result.status === "invalid") return data({ error: "Invalid email or password" }, { status: 401 });
  if (result.status === "unverified") {
    return data(
      { code: "EMAIL_NOT_VERIFIED", error: "Please verify your email address. A new verification code has been sent." },
      { status: 403 },
    );
  }
  const headers = await startUserSession(result.userId, request);
  await recordSignIn(result.userId, request, context);
  await notifyNewDevice(result.userId, request.headers.get("User-Agent"));
  const cookie = headers.getSetCookie().at(-1)!.split(";")[0];
  const user = await getUser(new Request(request.url, { headers: { Cookie: cookie } }));
  headers.append("Set-Cookie", result.deviceCookie);
  return data(user, { headers });
}
