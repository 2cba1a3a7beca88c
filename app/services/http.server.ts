// Calls to outside HTTP services (translators, chat models): JSON bodies, time limits, and errors a user can read.

import type { ServiceErrorFactory } from "./errors";

/** The caller's signal (if any) plus a time limit, so a hung service cannot hold a job forever. */
export function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** POSTs JSON; network failures and time-outs become `fail(...)` errors naming the service, a caller's abort passes through. */
export async function postJson(
  service: string,
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal; timeoutMs: number; fail: ServiceErrorFactory },
): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...options.headers },
      body: JSON.stringify(body),
      signal: withTimeout(options.signal, options.timeoutMs),
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw options.fail(`${service} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`);
    }
    throw options.fail(`${service} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The error text a service sent, from common JSON shapes or plain text, shortened. */
export async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = body.error;
    if (typeof error === "string") return error.slice(0, 300);
    if (error && typeof error === "object" && "message" in error && typeof error.message === "string")
      return error.message.slice(0, 300);
    if (typeof body.message === "string") return body.message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.trim().slice(0, 300) || response.statusText || "no message";
}
