// Who may see a password-protected shared transcript: a browser that gave the password gets a signed cookie naming
// the link, valid for a day (never longer than the link). Wrong passwords are limited per link and per IP address,
// so neither one guesser nor many addresses against one link can try more than a few a minute. The counts are
// shared by every web process, and forgotten PASSWORD_WINDOW_MS after the latest wrong password.
import { signedCookie } from "~/modules/platform/cookies.server";
import { countFailure, readFailures } from "~/modules/platform/failure-counters.server";
import { verifyPassword } from "~/modules/accounts/password.server";
import { countOf } from "~/utils/plural";
import { type LiveShareLink, ShareError } from "./share-links.server";

const ACCESS_TTL_S = 24 * 60 * 60;
/** A browser keeps access to at most this many protected links at once (the cookie stays small). */
const MAX_UNLOCKED = 20;

export const PASSWORD_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords allowed per link, and per IP address over all links, in PASSWORD_WINDOW_MS. */
export const PASSWORD_FAILURES = { perLink: 10, perIp: 20 };

export const WRONG_PASSWORD = "Wrong password.";

const accessCookie = () => signedCookie("voxlate_share_access", { maxAge: ACCESS_TTL_S, path: "/s/" });

type Unlocked = { id: string; until: number }[];

async function unlockedLinks(request: Request, now: number): Promise<Unlocked> {
  const value: unknown = await accessCookie().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is Unlocked[number] =>
      typeof entry?.id === "string" && typeof entry?.until === "number" && entry.until > now,
  );
}

/** Whether this browser may see the link: it has no password, or the browser gave it. */
export async function hasShareAccess(request: Request, link: LiveShareLink, now = Date.now()): Promise<boolean> {
  if (!link.passwordHash) return true;
  return (await unlockedLinks(request, now)).some((entry) => entry.id === link.id);
}

/** Throws 403 unless the browser may see the link: for the audio and the downloads. */
export async function requireShareAccess(request: Request, link: LiveShareLink, now = Date.now()) {
  if (!(await hasShareAccess(request, link, now))) throw new ShareError("Enter the link's password first.", 403);
}

/** The two counts a wrong password adds to, with the failures each allows. */
const passwordCounters = (linkId: string, ip: string) =>
  [
    { key: `share-link\n${linkId}`, limit: PASSWORD_FAILURES.perLink },
    { key: `share-ip\n${ip}`, limit: PASSWORD_FAILURES.perIp },
  ] as const;

/** Milliseconds until this address may try this link's password again; 0 when it may. */
export async function sharePasswordWaitMs(linkId: string, ip: string, now = Date.now()): Promise<number> {
  const waits = await Promise.all(
    passwordCounters(linkId, ip).map(async ({ key, limit }) => {
      const failures = await readFailures(key, PASSWORD_WINDOW_MS, now);
      return failures && failures.count >= limit ? failures.lastAt + PASSWORD_WINDOW_MS - now : 0;
    }),
  );
  return Math.max(0, ...waits);
}

/**
 * Checks the password; on success returns the Set-Cookie header that lets this browser in. A wrong one is 401, and
 * once the link or the address has had too many, every try is 429 (the password is not even checked).
 */
export async function unlockShareLink(
  request: Request,
  link: LiveShareLink,
  password: string,
  ip: string,
  now = Date.now(),
): Promise<string> {
  const wait = await sharePasswordWaitMs(link.id, ip, now);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000);
    throw new ShareError(`Too many wrong passwords. Please try again in ${countOf(minutes, "minute")}.`, 429);
  }
  if (!link.passwordHash || !(await verifyPassword(link.passwordHash, password))) {
    await Promise.all(passwordCounters(link.id, ip).map(({ key }) => countFailure(key, PASSWORD_WINDOW_MS, now)));
    throw new ShareError(WRONG_PASSWORD, 401);
  }
  const until = Math.min(now + ACCESS_TTL_S * 1000, link.expiresAt?.getTime() ?? Infinity);
  const kept = (await unlockedLinks(request, now)).filter((entry) => entry.id !== link.id);
  return accessCookie().serialize([{ id: link.id, until }, ...kept].slice(0, MAX_UNLOCKED));
}
