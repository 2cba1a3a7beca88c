import type { Route } from "./+types/chat-session-respond";
import { respondToChat, RespondSchema } from "~/modules/support/admin-chat.server";
import { requireAdminApi } from "~/modules/accounts/admin-session.server";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";

// POST /api/admin/chat/sessions/:sessionId/respond { content, noteType: 'admin_response', markResolved } → { success, message }
export const loader = postOnly;

export async function action({ request, params }: Route.ActionArgs) {
  const adminId = await requireAdminApi(request);
  const input = await readJsonBody(request, RespondSchema);
  const message = await respondToChat(adminId, params.sessionId, input);
  return message ? { success: true, message } : jsonError("Conversation not found.", 404);
}
