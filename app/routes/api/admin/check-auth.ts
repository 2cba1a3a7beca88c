import type { Route } from "./+types/check-auth";
import { getAdminId } from "~/modules/accounts/admin-session.server";

// GET /api/admin/check-auth → { isAuthenticated }
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(
    { isAuthenticated: Boolean(await getAdminId(request)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
