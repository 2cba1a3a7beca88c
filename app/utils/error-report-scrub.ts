// What an error report may carry (ADR 044), on the server and in the browser alike: the user's id, never their email
// address, name or IP address; no request bodies, cookies or headers; and no transcript text, which reaches a report
// only inside a message or a breadcrumb, so every string in the event has email addresses removed and long
// free text (what a transcript, summary or note is) cut.
import type { ErrorEvent } from "@sentry/core";

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Longer quoted or free text than an error message needs: a transcript, a summary, a note. */
const MAX_STRING = 300;
/** Values under these keys (any depth) are dropped. */
const DROPPED_KEYS =
  /^(text|transcript|segments|summary|body|data|cookies?|authorization|password|token|code|secret|email|username|ip_address)$/i;

function scrubString(value: string): string {
  const without = value.replace(EMAIL, "[email]");
  return without.length > MAX_STRING ? `${without.slice(0, MAX_STRING)}…[cut]` : without;
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubString(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = DROPPED_KEYS.test(key) ? "[removed]" : scrubValue(item, depth + 1);
  }
  return copy;
}

/** Sentry's beforeSend: the event with only the user's id, no request contents, and scrubbed strings. */
export function scrubErrorEvent(event: ErrorEvent): ErrorEvent {
  const userId = event.user?.id;
  const scrubbed = scrubValue({ ...event, user: undefined, request: undefined }) as ErrorEvent;
  if (event.request) {
    // Where it happened, without the query (sign-in codes, tokens) or anything the visitor sent.
    const url = event.request.url ? event.request.url.split("?")[0] : undefined;
    scrubbed.request = { url: url ? scrubString(url) : undefined, method: event.request.method };
  }
  scrubbed.user = userId !== undefined ? { id: String(userId) } : undefined;
  scrubbed.server_name = undefined;
  return scrubbed;
}
