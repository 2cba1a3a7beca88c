import { data } from "react-router";
import type { Route } from "./+types/logout";
import { signOutAdmin } from "~/modules/accounts/admin-session.server";
import { postOnly } from "~/modules/platform/api.server";

// POST /api/admin/logout → { success } and a cleared admin cookie.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  return data({ success: true }, { headers: { "Set-Cookie": await signOutAdmin(request) } });
}
