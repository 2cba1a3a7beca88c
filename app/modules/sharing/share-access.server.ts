// Who may see a password-protected shared transcript: a browser that gave the password gets a signed cookie naming
// the link, valid for a day (never longer than the link). Wrong passwords slow down the address that sent them, and
// many addresses guessing one link hold each other back, as at sign-in (login-throttle.server.ts, which says why a
// visitor with the right password is never refused): the counts are shared by every web process.
import { signedCookie } from "~/modules/platform/cookies.server";
import {
  type LoginAccount,
  type LoginClient,
  clearLoginFailures,
  loginWaitMs,
  recordLoginFailure,
  waitPhrase,
} from "~/modules/accounts/login-throttle.server";
import { verifyPassword } from "~/modules/accounts/password.server";
import { type LiveShareLink, ShareError } from "./share-links.server";

const ACCESS_TTL_S = 24 * 60 * 60;
/** A browser keeps access to at most this many protected links at once (the cookie stays small). */
const MAX_UNLOCKED = 20;

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

const linkAccount = (linkId: string): LoginAccount => `share:${linkId}`;
/** A share link's visitor is known by the IP address only: no browser is trusted for a link beyond its cookie. */
const linkClient = (ip: string): LoginClient => ({ ip, deviceId: "", trustedFor: [] });

/** Milliseconds until this address may try this link's password again; 0 when it may. */
export function sharePasswordWaitMs(linkId: string, ip: string, now = Date.now()): Promise<number> {
  return loginWaitMs(linkAccount(linkId), linkClient(ip), now);
}

/**
 * Checks the password; on success returns the Set-Cookie header that lets this browser in. A wrong one is 401; an
 * address that must wait after its wrong passwords gets 429 (its password is not checked).
 */
export async function unlockShareLink(
  request: Request,
  link: LiveShareLink,
  password: string,
  ip: string,
  now = Date.now(),
): Promise<string> {
  const wait = await sharePasswordWaitMs(link.id, ip, now);
  if (wait > 0) throw new ShareError(`Too many wrong passwords. Please try again in ${waitPhrase(wait)}.`, 429);
  if (!link.passwordHash || !(await verifyPassword(link.passwordHash, password))) {
    await recordLoginFailure(linkAccount(link.id), linkClient(ip), now);
    throw new ShareError(WRONG_PASSWORD, 401);
  }
  await clearLoginFailures(linkAccount(link.id), linkClient(ip));
  const until = Math.min(now + ACCESS_TTL_S * 1000, link.expiresAt?.getTime() ?? Infinity);
  const kept = (await unlockedLinks(request, now)).filter((entry) => entry.id !== link.id);
  return accessCookie().serialize([{ id: link.id, until }, ...kept].slice(0, MAX_UNLOCKED));
}
