import { singleton } from "./singleton.server";

/** Failed sign-ins allowed per email address in the window, on top of the per-IP limit in server.ts. */
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_LOGINS = "Too many sign-in attempts for this email. Please try again in 15 minutes.";

// In memory, per process, like the IP limits: an attacker spreading guesses over many IPs still hits this.
const failures = () => singleton("login-failures", () => new Map<string, number[]>());

function recent(email: string, now: number): number[] {
  const times = (failures().get(email) ?? []).filter((time) => now - time < LOGIN_WINDOW_MS);
  failures().set(email, times);
  return times;
}

export function isLoginThrottled(email: string, now = Date.now()): boolean {
  return recent(email, now).length >= LOGIN_FAILURES_ALLOWED;
}

export function recordLoginFailure(email: string, now = Date.now()) {
  recent(email, now).push(now);
}

export function clearLoginFailures(email: string) {
  failures().delete(email);
}
