import { data } from "react-router";
import type { Route } from "./+types/login";
import { AdminLoginSchema, signInAdmin } from "~/utils/admin-session.server";
import { postOnly } from "~/utils/api.server";
import { readJsonBody } from "~/utils/request-body.server";

// POST /api/admin/login { username, password } → { success, error? } and the admin session cookie.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { username, password } = await readJsonBody(request, AdminLoginSchema);
  const cookie = await signInAdmin(username, password);
  if (!cookie) return data({ success: false, error: "Invalid credentials" }, { status: 401 });
  return data({ success: true }, { headers: { "Set-Cookie": cookie } });
}
