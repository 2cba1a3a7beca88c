/**
 * A value worked out once per request. React Router runs the root, layout and page loaders of one document in
 * parallel, and several of them need the same rows (the signed-in user's allowance: the app shell's meter and the
 * dashboard). Keyed by the Request object, so the value lives exactly as long as the request: an action's changes
 * are seen by the loaders after it, which get a Request of their own.
 */
const memos = new WeakMap<Request, Map<string, Promise<unknown>>>();

export function perRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  let memo = memos.get(request);
  if (!memo) memos.set(request, (memo = new Map()));
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) memo.set(key, (value = compute()));
  return value;
}
