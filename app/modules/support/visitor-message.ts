// The visitor's support-chat form, in one isomorphic module: the /support-chat action parses with it, and the widget
// checks with the same schema in the browser once its Conform half has loaded (ADR 011). Kept apart from
// support-chat.ts, which the widget's first load imports: zod must not join every page's first-load JavaScript.
import { z } from "zod";
import { ASK_FOR_PERSON, CHAT_MESSAGE_MAX_LENGTH } from "./support-chat";

export const MESSAGE_REQUIRED = "Type a message first.";

/**
 * "Send" needs a message. "Talk to a person" sends what the visitor typed, and only an empty box gets a sentence
 * written for them. A post without an intent (an old page, a script) is a message.
 */
export const VisitorMessageSchema = z
  .object({
    intent: z.enum(["message", "person"]).default("message"),
    content: z
      .string()
      .trim()
      .max(CHAT_MESSAGE_MAX_LENGTH, `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`)
      .optional(),
    // A path on this site only; anything else is recorded as "/".
    contextPage: z
      .string()
      .max(300)
      .optional()
      .transform((value) => (value && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/")),
  })
  .superRefine((value, context) => {
    if (value.intent === "message" && !value.content)
      context.addIssue({ code: "custom", path: ["content"], message: MESSAGE_REQUIRED });
  })
  .transform(({ intent, content, contextPage }) => ({
    content: content || ASK_FOR_PERSON,
    contextPage,
    askForPerson: intent === "person",
  }));

export type VisitorMessage = z.output<typeof VisitorMessageSchema>;
