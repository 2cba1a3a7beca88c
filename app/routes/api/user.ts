import { data } from "react-router";
import type { Route } from "./+types/user";
import { getUser } from "~/modules/platform/session.server";

// GET /api/user: the signed-in user, or 401 (spec section 7).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data({ error: "Not signed in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return data(user, { headers: { "Cache-Control": "no-store" } });
}
