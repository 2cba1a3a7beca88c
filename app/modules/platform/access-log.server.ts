// The access log: who did what with an account's data, when, and from which IP address and browser. Other domains
// (sign-in, billing, share links) call `recordAccess`; it imports only the platform, so any domain can.
import type { AppLoadContext } from "react-router";
import { db } from "./database.server";
import type { AccessAction } from "./access-log";

export interface AccessSource {
  /** The request that did it: its User-Agent is kept. */
  request?: Request;
  /** The load context: `clientIp` is the client's address as server.ts worked it out (TRUST_PROXY). */
  context?: Partial<AppLoadContext>;
  ip?: string | null;
  userAgent?: string | null;
  /**
   * What it was about: a recording's title, a plan's name, a count. Never transcript text: the log is shown to the
   * user and to whoever operates the server.
   */
  detail?: string | null;
  at?: Date;
}

const MAX_DETAIL = 200;
const MAX_USER_AGENT = 500;

/**
 * Adds one entry to a user's access log. A failure to log is reported and swallowed: it must not undo what was done.
 * Share links call it as `recordAccess(ownerId, "share-link.viewed", { request, context, detail: title })`.
 */
export async function recordAccess(userId: string, action: AccessAction, source: AccessSource = {}): Promise<void> {
  const ip = source.ip ?? source.context?.clientIp ?? null;
  const userAgent = source.userAgent ?? source.request?.headers.get("User-Agent") ?? null;
  try {
    await (
      await db()
    ).accessLogEntry.create({
      data: {
        userId,
        action,
        detail: source.detail?.slice(0, MAX_DETAIL) ?? null,
        ipAddress: ip?.slice(0, 64) ?? null,
        userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null,
        ...(source.at ? { createdAt: source.at } : {}),
      },
    });
  } catch (error) {
    // The user may be gone (deleted a moment ago): nothing to log against.
    console.error(`[access-log] could not record ${action} for ${userId}:`, error);
  }
}

/** What each web process logged last, by user, action and detail: repeats within the window skip the database. */
const recentlyLogged = new Map<string, number>();
const RECENTLY_LOGGED_MAX = 10_000;

/**
 * Like recordAccess, but at most one entry per user, action and detail within `windowMs`: for what happens many
 * times a minute (an API key's calls). Checked in this process first, then in the database, so that other web
 * processes do not log it again either.
 */
export async function recordAccessOncePer(
  windowMs: number,
  userId: string,
  action: AccessAction,
  source: AccessSource & { detail: string },
): Promise<void> {
  const now = source.at?.getTime() ?? Date.now();
  const detail = source.detail.slice(0, MAX_DETAIL);
  const key = `${userId}\n${action}\n${detail}`;
  const last = recentlyLogged.get(key);
  if (last !== undefined && now - last < windowMs) return;
  if (recentlyLogged.size >= RECENTLY_LOGGED_MAX) recentlyLogged.clear();
  recentlyLogged.set(key, now);
  try {
    const logged = await (
      await db()
    ).accessLogEntry.findFirst({
      where: { userId, action, detail, createdAt: { gt: new Date(now - windowMs) } },
      select: { id: true },
    });
    if (logged) return;
  } catch (error) {
    console.error(`[access-log] could not check ${action} for ${userId}:`, error);
    return;
  }
  await recordAccess(userId, action, { ...source, detail });
}

export const ACCESS_LOG_PAGE_SIZE = 50;

/** The newest entries of the user's own log. */
export async function accessLog(userId: string, take = ACCESS_LOG_PAGE_SIZE) {
  return (await db()).accessLogEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, action: true, detail: true, ipAddress: true, userAgent: true, createdAt: true },
  });
}
