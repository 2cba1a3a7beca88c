import type { Route } from "./+types/chat-sessions";
import { listChatSessions, SessionListQuerySchema } from "~/modules/support/admin-chat.server";
import { requireAdminApi } from "~/modules/accounts/admin-session.server";
import { jsonError } from "~/modules/platform/api.server";

// GET /api/admin/chat/sessions?page&limit&status&search → { sessions, page, limit, total, totalPages }
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const query = SessionListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(query.error.issues[0]?.message ?? "Invalid query.", 400);
  return listChatSessions(query.data);
}
