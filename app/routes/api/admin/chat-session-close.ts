import type { Route } from "./+types/chat-session-close";
import { closeChat } from "~/modules/support/admin-chat.server";
import { requireAdminApi } from "~/modules/accounts/admin-session.server";
import { jsonError, postOnly } from "~/modules/platform/api.server";

// POST /api/admin/chat/sessions/:sessionId/close → { success, session } (status resolved)
export const loader = postOnly;

export async function action({ request, params }: Route.ActionArgs) {
  const adminId = await requireAdminApi(request);
  const session = await closeChat(adminId, params.sessionId);
  return session ? { success: true, session } : jsonError("Conversation not found.", 404);
}
