import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirects";

/** Old addresses from the spec's route table, moved permanently. */
const TARGETS: Record<string, string> = {
  "/signup-business": "/signup",
  "/landing": "/business",
  "/businessplan": "/plan-selection",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/+$/, "")];
  if (!target) throw new Response("Not found", { status: 404 });
  return redirect(`${target}${url.search}`, 301);
}
