import type { Route } from "./+types/chat-session";
import { getChatSessionDetail } from "~/modules/support/admin-chat.server";
import { requireAdminApi } from "~/modules/accounts/admin-session.server";
import { jsonError } from "~/modules/platform/api.server";

// GET /api/admin/chat/sessions/:sessionId → { session, messages, userContext, auditTrail }. Clears the unread count.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const detail = await getChatSessionDetail(params.sessionId, { markRead: true });
  return detail ?? jsonError("Conversation not found.", 404);
}
