// Reading a form action's reply (ADR 011): every refusal is Conform's SubmissionResult. A reply built from the form's
// submission carries the values that were sent, the `intent` of the form's button among them, so a page with several
// forms gives it to the form that sent it. A refusal of the domain (withFormRefusals, ADR 020) comes from deeper than
// the form and carries no values: it is the page's, shown above its forms.
import type { SubmissionResult } from "@conform-to/react";

export type FormReply = SubmissionResult<string[]>;

/** Action data that is a Conform reply, not a success answer such as a created link or API key. */
function asReply(actionData: unknown): FormReply | undefined {
  if (!actionData || typeof actionData !== "object") return undefined;
  return "status" in actionData || "initialValue" in actionData ? (actionData as FormReply) : undefined;
}

/** A reply to whichever form was sent (it carries the values sent), not the page's refusal. */
export function formReplyOf(actionData: unknown): FormReply | undefined {
  const reply = asReply(actionData);
  return reply?.initialValue ? reply : undefined;
}

/** The reply to the form whose button sent one of `intents`, if it was that form that was sent. */
export function replyTo(actionData: unknown, intents: string | readonly string[]): FormReply | undefined {
  const reply = formReplyOf(actionData);
  const sent = reply?.initialValue?.intent;
  return typeof sent === "string" && ([] as string[]).concat(intents).includes(sent) ? reply : undefined;
}

/** A refusal that no form's values came back with (the domain's): its message, for the page's error area. */
export function pageRefusal(actionData: unknown): string | undefined {
  const reply = asReply(actionData);
  return reply && !reply.initialValue ? (reply.error?.[""]?.[0] ?? undefined) : undefined;
}
