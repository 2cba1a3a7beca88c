// The transcript page's note intents: the response, or null when the form was not one of them.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { COMMENT_INTENTS, CommentActionSchema } from "./comment-forms";
import { addComment, deleteComment } from "./comments.server";
import { segmentHref } from "~/utils/transcript-links";

export async function commentIntent(userId: string, recordingId: string, form: FormData) {
  if (!COMMENT_INTENTS.includes(String(form.get("intent")))) return null;
  const submission = parseWithZod(form, { schema: CommentActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return runCommentIntent(userId, recordingId, submission.value);
}

/** One parsed note intent (the transcript page's action parses every intent of the page at once). */
export async function runCommentIntent(
  userId: string,
  recordingId: string,
  input: z.infer<typeof CommentActionSchema>,
) {
  if (input.intent === "add-comment") {
    const { intent: _intent, ...comment } = input;
    const created = await addComment(userId, recordingId, comment);
    // The editor's page that holds the segment, at the note.
    return redirectWithToast(
      segmentHref(recordingId, comment.segmentId, `comment-${created.id}`),
      { type: "success", title: "Note added" },
      { status: 303 },
    );
  }
  const segmentId = await deleteComment(userId, recordingId, input.commentId);
  return redirectWithToast(
    segmentHref(recordingId, segmentId),
    { type: "success", title: "Note deleted" },
    { status: 303 },
  );
}
