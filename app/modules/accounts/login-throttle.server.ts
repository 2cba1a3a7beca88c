import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import { signedCookie } from "~/modules/platform/cookies.server";
import { sessionSecrets } from "~/config/env.server";
import { clearFailures, countFailure, readFailures } from "~/modules/platform/failure-counters.server";
import { countOf } from "~/utils/plural";

/**
 * Wrong passwords (users' and admins' sign-ins, share links' passwords) slow the guesser down; they never lock the
 * owner out.
 *
 * - Per (account, client): FREE_FAILURES free tries, then each further failure makes that client wait
 *   1 s, 2 s, 4 s … (doubling, at most 15 minutes) before its next try. The client is the browser's device
 *   cookie when that browser has signed in to this account before, else the IP address. Guessing from one
 *   place slows to a crawl, and the owner elsewhere is not affected.
 * - Per account, across all clients: past ACCOUNT_FAILURES_PER_HOUR failures in an hour (many addresses
 *   guessing together), clients that have not signed in to the account before also wait, with the same
 *   doubling. Browsers that signed in before are never held by this account-wide limit, so an attacker cannot keep
 *   the owner out of a known browser, even from the same IP address.
 *   - Users (HOLDS_CLEAN_CLIENTS): every other client waits, counted from the account's latest failure. A new
 *     browser still gets in through a reset link (which trusts that browser) or with Google.
 *   - Admins and share links have no other way in, so only clients that have themselves given a wrong password for
 *     this account wait, counted from their own latest failure. Why not a ceiling for everyone: a right password
 *     can only be told from a guess by checking it, so any rule that refuses some tries unchecked once strangers
 *     have guessed enough also refuses the right password, and anyone could keep the owner (or a link's
 *     visitors) out with a few guesses. A client with a clean record is therefore always checked, and the right
 *     password always works there at once; a client that has guessed wrong waits at most MAX_WAIT_MS after its own
 *     latest failure, so the owner who mistyped is delayed, never shut out. What this still bounds: past the
 *     ceiling each address gets one try, then a wait that soon reaches 15 minutes, so guesses on one account grow
 *     with the number of addresses an attacker holds, not with the number of requests it sends.
 *
 * A success clears that client's failures, not the account's (else the owner signing in would reopen the
 * door to a distributed guesser). The account-wide count is forgotten after an hour without a failure. Counts are
 * shared by every web process (failure-counters.server.ts).
 */
export const FREE_FAILURES = 5;
/** Admins are few and sign in from known browsers, and a share link's visitors type a password they were given: their
 * ceilings are lower. */
export const ACCOUNT_FAILURES_PER_HOUR = { user: 50, admin: 10, share: 10 };
type AccountKind = keyof typeof ACCOUNT_FAILURES_PER_HOUR;
/** Whether the account-wide limit also holds clients that have not guessed wrong themselves (see above). */
const HOLDS_CLEAN_CLIENTS: Record<AccountKind, boolean> = { user: true, admin: false, share: false };
export const MAX_WAIT_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** A client's failures are forgotten after a day without one. */
const FORGET_AFTER_MS = 24 * HOUR_MS;

/** How long after a failure the next try must wait: nothing for the first `free`, then 1 s, 2 s, 4 s … */
export function backoffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** (failures - free), MAX_WAIT_MS);
}

/** Who is trying: the IP address, and the device cookie's id and the accounts it has signed in to. */
export type LoginClient = { ip: string; deviceId: string; trustedFor: string[] };

/** "user:ada@example.com", "admin:root@example.com" or "share:<the link's id>". */
export type LoginAccount = `${AccountKind}:${string}`;

/** A user's account, as the sign-in limit counts it. */
export const userAccount = (email: string): LoginAccount => `user:${email.toLowerCase()}`;

const kindOf = (account: LoginAccount) => account.slice(0, account.indexOf(":")) as AccountKind;

const accountTag = (account: LoginAccount) =>
  crypto.createHmac("sha256", sessionSecrets()[0]).update(account).digest("base64url").slice(0, 16);

const isTrusted = (account: LoginAccount, client: LoginClient) => client.trustedFor.includes(accountTag(account));

function clientKey(account: LoginAccount, client: LoginClient) {
  return `login-client\n${account}\n${isTrusted(account, client) ? `device:${client.deviceId}` : `ip:${client.ip}`}`;
}

const accountKey = (account: LoginAccount) => `login-account\n${account}`;

/** Milliseconds this client must wait before it may try this account's password again; 0 when it may. */
export async function loginWaitMs(account: LoginAccount, client: LoginClient, now = Date.now()): Promise<number> {
  const kind = kindOf(account);
  const trusted = isTrusted(account, client);
  // Both counts at once: this runs before every password check.
  const [own, accountWide] = await Promise.all([
    readFailures(clientKey(account, client), FORGET_AFTER_MS, now),
    trusted ? null : readFailures(accountKey(account), HOUR_MS, now),
  ]);
  let until = own ? own.lastAt + backoffMs(own.count, FREE_FAILURES) : 0;
  if (accountWide) {
    const held = backoffMs(accountWide.count, ACCOUNT_FAILURES_PER_HOUR[kind]);
    if (HOLDS_CLEAN_CLIENTS[kind]) until = Math.max(until, accountWide.lastAt + held);
    else if (own) until = Math.max(until, own.lastAt + held);
  }
  return Math.max(0, until - now);
}

export async function recordLoginFailure(account: LoginAccount, client: LoginClient, now = Date.now()) {
  await Promise.all([
    countFailure(clientKey(account, client), FORGET_AFTER_MS, now),
    countFailure(accountKey(account), HOUR_MS, now),
  ]);
}

export async function clearLoginFailures(account: LoginAccount, client: LoginClient) {
  await clearFailures(clientKey(account, client));
}

/** "3 seconds", "2 minutes": how long a wait of `waitMs` is, rounded up. */
export function waitPhrase(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  return seconds < 60 ? countOf(seconds, "second") : countOf(Math.ceil(seconds / 60), "minute");
}

export function tooManyLogins(waitMs: number): string {
  return `Too many sign-in attempts for this email. Please try again in ${waitPhrase(waitMs)}.`;
}

// ---- Device cookie: the browsers that signed in to an account before ----------------------------------

const DEVICE_TTL_S = 365 * 24 * 60 * 60;
const MAX_TRUSTED_ACCOUNTS = 10;
const deviceCookie = () => signedCookie("voxlate_device", { maxAge: DEVICE_TTL_S });

/** The client of this request: its IP address (from server.ts) and its device cookie, if any. */
export async function loginClient(request: Request, context?: Partial<AppLoadContext>): Promise<LoginClient> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const device = value as Partial<{ id: unknown; trustedFor: unknown }> | null;
  const valid = typeof device?.id === "string" && Array.isArray(device.trustedFor);
  return {
    ip: context?.clientIp ?? "unknown",
    deviceId: valid ? (device.id as string) : crypto.randomUUID(),
    trustedFor: valid ? (device.trustedFor as unknown[]).filter((tag) => typeof tag === "string") : [],
  };
}

/** The Set-Cookie header that marks this browser as one that signed in to the account. */
export async function trustDeviceHeader(account: LoginAccount, client: LoginClient): Promise<string> {
  const tag = accountTag(account);
  const trustedFor = [tag, ...client.trustedFor.filter((other) => other !== tag)].slice(0, MAX_TRUSTED_ACCOUNTS);
  return deviceCookie().serialize({ id: client.deviceId, trustedFor });
}
