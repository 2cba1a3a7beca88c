import { z } from "zod";
import { CHAT_MESSAGE_MAX_LENGTH } from "./support-chat";

/** What an admin's reply may hold, for the console's form and the respond API alike. */
export const ResponseContentSchema = z
  .string({ error: "content is required" })
  .trim()
  .min(1, "Type a response first.")
  .max(CHAT_MESSAGE_MAX_LENGTH, `A response can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`);

/** The console's reply form: one box, sent with "Send Reply" or "Send & Resolve". */
export const AdminReplySchema = z.object({
  sessionId: z.string({ error: "Choose a conversation first." }).min(1),
  intent: z.enum(["reply", "resolve"]),
  content: ResponseContentSchema,
});

/** The console's "Close Chat" button. */
export const AdminCloseSchema = z.object({
  sessionId: z.string({ error: "Choose a conversation first." }).min(1),
  intent: z.literal("close"),
});
