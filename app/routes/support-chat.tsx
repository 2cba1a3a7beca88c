import { data } from "react-router";
import type { Route } from "./+types/support-chat";
import { safeRedirectPath } from "~/utils/redirect";
import { getUserId } from "~/utils/session.server";
import { SUPPORT_CHAT_ANCHOR } from "~/utils/support-chat";
import { loadSupportChat, postVisitorMessage, VisitorMessageSchema } from "~/utils/support-chat.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/request-body.server";

const ASK_FOR_PERSON = "I'd like to talk to a person, please.";

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
  const parsed = VisitorMessageSchema.safeParse({
    content: form.get("intent") === "person" ? ASK_FOR_PERSON : form.get("content") ?? "",
    contextPage: form.get("contextPage") ?? undefined,
  });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Your message could not be sent.";
    if (wantsJson) return data({ error }, { status: 400 });
    return redirectWithToast(returnTo, { type: "error", title: "Message not sent", description: error }, { status: 303 });
  }
  const userId = await getUserId(request);
  const { chat, setCookie } = await postVisitorMessage(request, userId, parsed.data);
  const headers = { "Set-Cookie": setCookie };
  if (wantsJson) return data({ chat }, { headers });
  return new Response(null, { status: 303, headers: { ...headers, Location: returnTo } });
}
