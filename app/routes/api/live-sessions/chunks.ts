import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/chunks";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";
import { appendLiveChunk, MAX_CHUNK_BYTES } from "~/modules/live/live-sessions.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/live-sessions/:sessionId/chunks?index=N&since=M, body: the next MediaRecorder chunk
// → { received, segments (committed, from M on), provisional, seconds, transcriptionError }.
export const loader = postOnly;

const QuerySchema = z.object({
  index: z.coerce
    .number({ error: "index must be a number" })
    .int("index must be a whole number")
    .min(0, "index cannot be negative"),
  since: z.coerce.number().int().min(0).default(0),
});

export const action = withRefusals(async ({ request, params }: Route.ActionArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to record.", 401);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(query.error.issues[0]?.message ?? "Bad query.", 400);
  const chunk = await readLimitedBody(request, MAX_CHUNK_BYTES, "A recording chunk can be at most 2 MB.");
  invariantResponse(chunk.length > 0, "The chunk is empty.", 400);
  return data(await appendLiveChunk(userId, params.sessionId, query.data.index, chunk, query.data.since));
});
