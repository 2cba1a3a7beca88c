// The forms of notes on a transcript (highlights), shared by the page (Conform in the browser) and the action.
import { z } from "zod";

const NOTE_REQUIRED = "Write a note.";
export const NOTE_MAX = 2000;
export const QUOTE_MAX = 1000;
const CHECK_FORM = "Check the form.";

const offset = z.preprocess(
  (value) => (value === "" || value === undefined ? undefined : Number(value)),
  z.number({ error: CHECK_FORM }).int(CHECK_FORM).min(0, CHECK_FORM).optional(),
);

export const AddCommentSchema = z
  .object({
    intent: z.literal("add-comment"),
    segmentId: z.string({ error: CHECK_FORM }).min(1, CHECK_FORM),
    /** The passage the note is on; empty: the whole segment. */
    quote: z
      .string()
      .trim()
      .max(QUOTE_MAX, `The quoted text can be at most ${QUOTE_MAX} characters.`)
      .optional()
      .default(""),
    startOffset: offset,
    endOffset: offset,
    body: z
      .string({ error: NOTE_REQUIRED })
      .trim()
      .min(1, NOTE_REQUIRED)
      .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`),
  })
  .refine((value) => (value.startOffset === undefined) === (value.endOffset === undefined), {
    message: CHECK_FORM,
    path: ["quote"],
  });

export const DeleteCommentSchema = z.object({
  intent: z.literal("delete-comment"),
  commentId: z.string({ error: CHECK_FORM }).min(1, CHECK_FORM),
});

export const CommentActionSchema = z.discriminatedUnion("intent", [AddCommentSchema, DeleteCommentSchema]);
export const COMMENT_INTENTS = ["add-comment", "delete-comment"];
