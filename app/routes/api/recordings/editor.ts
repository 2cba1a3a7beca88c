import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/editor";
import { invariantResponse, refusal, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { getUserId } from "~/modules/platform/session.server";
import { runEditorAction } from "~/modules/transcripts/editor.server";
import { EDITOR_INTENTS, EditorActionSchema, VisibleSegmentsSchema } from "~/modules/transcripts/transcript-forms";
import { viewChanges } from "~/modules/transcripts/editor-text";

// POST /api/recordings/:recordingId/editor: the transcript editor's autosave and its other saves, with JavaScript.
// The same form fields as the page's forms, and `visible` (the segments the page shows); answers
// { revision, changes (the segments replaced, by id, and what replaced them), count } or { error } with a 4xx.
export const action = withRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to edit your transcripts.", 401);
  const body = await readForm(request);
  const submission = parseWithZod(body, { schema: EditorActionSchema });
  if (submission.status !== "success") {
    // An unknown intent is a broken client, not a field to correct.
    const known = (EDITOR_INTENTS as readonly string[]).includes(String(body.get("intent")));
    const messages = known
      ? Object.values(submission.error ?? {})
          .flat()
          .filter(Boolean)
      : [];
    return refusal(messages[0] ?? "Check the form.", 400);
  }
  const visible = VisibleSegmentsSchema.safeParse(body.get("visible") ?? undefined);
  if (!visible.success) return refusal("Check the form.", 400);
  const result = await runEditorAction(userId, params.recordingId, submission.value, { request, context });
  // The page applies what replaced what on it; the old segments' words would double a replace-all's answer for nothing.
  return Response.json(
    { ...result, changes: viewChanges(result.changes, visible.data) },
    { headers: { "Cache-Control": "no-store" } },
  );
});
