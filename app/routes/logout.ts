import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/modules/accounts/auth.server";
import { clearSessionCookie } from "~/modules/platform/session.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("auth");

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  let cookie: string;
  try {
    cookie = await signOut(request, { context });
  } catch (error) {
    // Logging out must work even when the server side fails: clear the cookie regardless.
    log.error({ err: error }, "logout failed");
    cookie = await clearSessionCookie();
  }
  return redirect("/", { status: 303, headers: { "Set-Cookie": cookie } });
}
