import { data } from "react-router";
import type { Route } from "./+types/login";
import { AdminLoginSchema, signInAdmin } from "~/modules/accounts/admin-session.server";
import { postOnly } from "~/modules/platform/api.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { readJsonBody } from "~/modules/platform/request-body.server";

// POST /api/admin/login { username, password } → { success, error? } and the admin session cookie.
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { username, password } = await readJsonBody(request, AdminLoginSchema);
  const result = await signInAdmin(username, password, await loginClient(request, context));
  if (result.status === "throttled") {
    const headers = { "Retry-After": String(Math.ceil(result.waitMs / 1000)) };
    return data({ success: false, error: tooManyLogins(result.waitMs) }, { status: 429, headers });
  }
  if (result.status === "invalid") return data({ success: false, error: "Invalid credentials" }, { status: 401 });
  return data({ success: true }, { headers: result.headers });
}
