import type { Route } from "./+types/chat-session-close";
import { closeChat } from "~/utils/admin-chat.server";
import { requireAdminApi } from "~/utils/admin-session.server";
import { jsonError, postOnly } from "~/utils/api.server";

// POST /api/admin/chat/sessions/:sessionId/close → { success, session } (status resolved)
export const loader = postOnly;

export async function action({ request, params }: Route.ActionArgs) {
  const adminId = await requireAdminApi(request);
  const session = await closeChat(adminId, params.sessionId);
  return session ? { success: true, session } : jsonError("Conversation not found.", 404);
}
