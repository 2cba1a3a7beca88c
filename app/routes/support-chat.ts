import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/support-chat";
import { safeRedirectPath } from "~/utils/redirect";
import { firstError } from "~/components/ui/field";
import { getUserId } from "~/modules/platform/session.server";
import { SUPPORT_CHAT_ANCHOR } from "~/modules/support/support-chat";
import { loadSupportChat, postVisitorMessage } from "~/modules/support/support-chat.server";
import { VisitorMessageSchema } from "~/modules/support/visitor-message";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { readForm } from "~/modules/platform/request-body.server";

// GET: this browser's conversation as JSON (the widget polls it while it waits for a person).
export async function loader({ request }: Route.LoaderArgs) {
  const chat = await loadSupportChat(request, await getUserId(request));
  return Response.json({ chat }, { headers: { "Cache-Control": "no-store" } });
}

// POST: a visitor's message. The widget's script asks for JSON; a plain form post is redirected back to its page.
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const wantsJson = form.get("response") === "json";
  const returnTo = `${safeRedirectPath(form.get("returnTo"), "/").split("#")[0]}#${SUPPORT_CHAT_ANCHOR}`;
  const submission = parseWithZod(form, { schema: VisitorMessageSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // The widget's Conform form takes the reply (the message beside the box). Without JavaScript the chat is on
    // every page, so the refusal goes back to that page as a toast.
    if (wantsJson) return data(reply, { status: 400 });
    const description = firstError(reply, ["content"]) ?? "Your message could not be sent.";
    return redirectWithToast(returnTo, { type: "error", title: "Message not sent", description }, { status: 303 });
  }
  const userId = await getUserId(request);
  const { chat, setCookie } = await postVisitorMessage(request, userId, submission.value);
  const headers = { "Set-Cookie": setCookie };
  if (wantsJson) return data({ chat }, { headers });
  return new Response(null, { status: 303, headers: { ...headers, Location: returnTo } });
}
