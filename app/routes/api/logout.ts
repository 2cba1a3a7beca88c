import { data } from "react-router";
import { postOnly } from "~/modules/platform/api.server";
import type { Route } from "./+types/logout";
import { signOut } from "~/modules/accounts/auth.server";
import { clearSessionCookie } from "~/modules/platform/session.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("auth");

// POST /api/logout: ends the session. The cookie is cleared even if the database call fails.
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  try {
    return data({ success: true }, { headers: { "Set-Cookie": await signOut(request, { context }) } });
  } catch (error) {
    log.error({ err: error }, "logout failed");
    return data({ error: "Logout failed" }, { status: 500, headers: { "Set-Cookie": await clearSessionCookie() } });
  }
}
