// Idempotency-Key on the v1 API's POSTs (the IETF httpapi draft, as Stripe does it): the first request's answer is kept
// for 24 hours under the caller's key and replayed to a retry, so a client whose connection dropped can send again
// without creating a second transcription. The same key with a different request is refused (422); a retry while the
// first is still running gets 409. 5xx answers are not kept: the retry runs again.
import crypto from "node:crypto";
import { db } from "~/modules/platform/database.server";
import { defineJob } from "~/modules/platform/jobs.server";
import { problem } from "./problems.server";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Response headers worth replaying; the rest are per response. */
const KEPT_HEADERS = ["content-type", "location"];

/**
 * What makes two requests "the same": method, path and query, and the body. A JSON body is compared byte for byte; a
 * multipart upload by its path alone, since each retry carries a new random boundary (and the file can be hundreds of
 * MB, which we will not hold to hash first).
 */
export function requestFingerprint(request: Request, body: string | null): string {
  const url = new URL(request.url);
  return crypto
    .createHash("sha256")
    .update(`${request.method} ${url.pathname}${url.search}\n${body ?? "(streamed body)"}`)
    .digest("hex");
}

/** Runs `handle` once per (user, Idempotency-Key); without the header it just runs. */
export async function idempotent(
  request: Request,
  userId: string,
  body: string | null,
  handle: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return handle();
  if (!KEY_PATTERN.test(key))
    return problem(400, "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.");
  const database = await db();
  const requestHash = requestFingerprint(request, body);
  await database.idempotentRequest.deleteMany({
    where: { userId, key, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_TTL_MS) } },
  });
  // skipDuplicates (INSERT … ON CONFLICT DO NOTHING): of two requests sent at once with one key, exactly one runs.
  const { count } = await database.idempotentRequest.createMany({
    data: [{ userId, key, requestHash }],
    skipDuplicates: true,
  });
  if (count === 0) {
    const earlier = await database.idempotentRequest.findUnique({ where: { userId_key: { userId, key } } });
    if (!earlier) return problem(409, "A request with this Idempotency-Key is in progress. Retry in a moment.");
    if (earlier.requestHash !== requestHash)
      return problem(422, "This Idempotency-Key was used for a different request. Use a new key for a new request.");
    if (earlier.status === null)
      return problem(409, "A request with this Idempotency-Key is in progress. Retry in a moment.");
    const headers = new Headers((earlier.headers as Record<string, string> | null) ?? {});
    headers.set("Idempotent-Replayed", "true");
    return new Response(earlier.body || null, { status: earlier.status, headers });
  }
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    await database.idempotentRequest.deleteMany({ where: { userId, key } });
    throw error;
  }
  if (response.status >= 500 || response.status === 429) {
    await database.idempotentRequest.deleteMany({ where: { userId, key } });
    return response;
  }
  const text = await response.clone().text();
  const headers = Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])),
  );
  await database.idempotentRequest.update({
    where: { userId_key: { userId, key } },
    data: { status: response.status, body: text, headers },
  });
  return response;
}

/** Forgets answers older than 24 hours (a scheduled job). */
export async function deleteExpiredIdempotentRequests(now = Date.now()) {
  const { count } = await (
    await db()
  ).idempotentRequest.deleteMany({ where: { createdAt: { lt: new Date(now - IDEMPOTENCY_TTL_MS) } } });
  return count;
}

export const deleteExpiredIdempotentRequestsJob = defineJob({
  queue: "delete-expired-idempotent-requests",
  policy: { retryLimit: 0 },
  schedule: "17 * * * *",
  work: () => deleteExpiredIdempotentRequests(),
});
