import { data } from "react-router";
import type { Route } from "./+types/support-chat";
import { safeRedirectPath } from "~/utils/redirect";
import { getUserId } from "~/modules/platform/session.server";
import { ASK_FOR_PERSON, SUPPORT_CHAT_ANCHOR } from "~/modules/support/support-chat";
import { loadSupportChat, postVisitorMessage, VisitorMessageSchema } from "~/modules/support/support-chat.server";
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
  const askForPerson = form.get("intent") === "person";
  const typed = form.get("content") ?? "";
  const parsed = VisitorMessageSchema.safeParse({
    // "Talk to a person" sends what the visitor typed; only an empty box gets a sentence written for them.
    content: askForPerson && typeof typed === "string" && !typed.trim() ? ASK_FOR_PERSON : typed,
    contextPage: form.get("contextPage") ?? undefined,
    askForPerson,
  });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Your message could not be sent.";
    if (wantsJson) return data({ error }, { status: 400 });
    return redirectWithToast(
      returnTo,
      { type: "error", title: "Message not sent", description: error },
      { status: 303 },
    );
  }
  const userId = await getUserId(request);
  const { chat, setCookie } = await postVisitorMessage(request, userId, parsed.data);
  const headers = { "Set-Cookie": setCookie };
  if (wantsJson) return data({ chat }, { headers });
  return new Response(null, { status: 303, headers: { ...headers, Location: returnTo } });
}
