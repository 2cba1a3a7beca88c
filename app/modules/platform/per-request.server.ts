import crypto from "node:crypto";
import type { RequestHandler } from "express";

/**
 * A value worked out once per request. React Router runs the root, layout and page loaders of one document in
 * parallel, and several of them need the same rows (the session's user; the allowance for the app shell's meter
 * and the dashboard). React Router hands each loader its own copy of the Request (it strips `?index` and `_routes`
 * from the URL into a new one), so the Request object cannot be the key: the web server marks each request it
 * hands over with an id (markRequests), which the copies keep, since their headers are copied. An action's changes
 * are seen by the loaders after it: React Router's revalidation after an action is a request of its own.
 */
export const REQUEST_ID_HEADER = "x-voxlate-request-id";
/** How long a request's values are kept: far longer than its loaders run, short enough to hold little memory. */
const KEPT_MS = 10_000;
const memos = new Map<string, Map<string, Promise<unknown>>>();
/** Requests without an id (handed to the build directly, as the integration tests do) are keyed by the object. */
const unmarked = new WeakMap<Request, Map<string, Promise<unknown>>>();

function memoFor(request: Request): Map<string, Promise<unknown>> {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id) {
    let memo = unmarked.get(request);
    if (!memo) unmarked.set(request, (memo = new Map()));
    return memo;
  }
  let memo = memos.get(id);
  if (!memo) {
    memos.set(id, (memo = new Map()));
    setTimeout(() => memos.delete(id), KEPT_MS).unref();
  }
  return memo;
}

/** `compute()`'s promise, shared by every caller with the same request and key. Put the user's id in the key. */
export function perRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  const memo = memoFor(request);
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) memo.set(key, (value = compute()));
  return value;
}

/** Drops a value, so the request's next ask works it out again (after it changed, as at sign-out). */
export function forgetPerRequest(request: Request, key: string) {
  memoFor(request).delete(key);
}

/** Gives each request a fresh id (REQUEST_ID_HEADER), replacing any the client sent. */
export function markRequests(): RequestHandler {
  return (request, _response, next) => {
    request.headers[REQUEST_ID_HEADER] = crypto.randomUUID();
    next();
  };
}
