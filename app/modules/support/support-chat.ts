// Shared by the support-chat widget, the admin console and their server code. No zod here (client bundle).

export type ChatStatusName = "active" | "escalated" | "resolved";
/** The spec's roles: user, admin, and other (here the assistant). */
export type ChatRoleName = "user" | "assistant" | "admin";

export interface ChatMessageView {
  id: string;
  role: ChatRoleName;
  content: string;
  createdAt: string;
  confidenceScore: number | null;
  needsHumanReview: boolean;
  sources: { title: string; url: string }[];
}

/** What the visitor's widget shows. */
export interface SupportChatView {
  sessionId: string;
  status: ChatStatusName;
  messages: ChatMessageView[];
}

/**
 * Whether the widget says it is waiting for a person: the conversation is with the support team and nobody has
 * answered since the visitor last asked for a person (or the assistant last handed over). An admin's reply ends
 * the wait; asking again, or a handover after a resolve reopened the conversation, starts a new one.
 */
export function waitingForPerson(chat: SupportChatView): boolean {
  const lastHandover = chat.messages.findLastIndex((message) => message.needsHumanReview);
  const lastAnswer = chat.messages.findLastIndex((message) => message.role === "admin");
  return chat.status === "escalated" && lastHandover >= lastAnswer;
}

/** What "Talk to a person" sends when the visitor has not typed anything. */
export const ASK_FOR_PERSON = "I'd like to talk to a person, please.";

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Spec section 9: the admin lists refresh every 5 s; the widget uses the same pace while it waits for a person. */
export const CHAT_REFRESH_MS = 5000;
/** The widget's anchor: without JavaScript, CSS :target opens the panel after a post redirects back. */
export const SUPPORT_CHAT_ANCHOR = "support-chat";
