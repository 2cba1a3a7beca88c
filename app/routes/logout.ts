import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/modules/accounts/auth.server";
import { clearSessionCookie } from "~/modules/platform/session.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  let cookie: string;
  try {
    cookie = await signOut(request, { context });
  } catch (error) {
    // Logging out must work even when the server side fails: clear the cookie regardless.
    console.error("[auth] logout failed", error);
    cookie = await clearSessionCookie();
  }
  return redirect("/", { status: 303, headers: { "Set-Cookie": cookie } });
}
