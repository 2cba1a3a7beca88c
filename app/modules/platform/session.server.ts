import crypto from "node:crypto";
import { redirect } from "react-router";
import { identifyUser } from "~/config/logger.server";
import { Prisma, type Plan } from "~/generated/prisma/client";
import { db, readSql } from "./database.server";
import { signedCookie } from "./cookies.server";
import { safeRedirectPath } from "~/utils/redirect";
import { defineJob } from "./jobs.server";
import { forgetPerRequest, perRequest } from "./per-request.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const sessionCookie = () => signedCookie("voxlate_session", { maxAge: SESSION_TTL_MS / 1000 });

/**
 * The session token in a Cookie header, when its signature is right (the session may have expired or ended). The
 * cookie carries the token; the database keeps only its SHA-256 (`Session.tokenHash`, ADR 040-sessions), so a read of
 * the table cannot sign anyone in.
 */
export async function sessionTokenFromCookieHeader(
  cookieHeader: string | null | undefined,
): Promise<string | undefined> {
  if (!cookieHeader?.includes("voxlate_session=")) return undefined;
  const value: unknown = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** What the database keeps of a session token: 256 random bits need no slow hash. */
export const hashSessionToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The SHA-256 of the session token in a Cookie header (valid or not), e.g. to key a counter without the secret. */
export async function sessionTokenHashFromCookieHeader(cookieHeader: string | null | undefined) {
  const token = await sessionTokenFromCookieHeader(cookieHeader);
  return token ? hashSessionToken(token) : undefined;
}

/** This browser's session token hash (valid or not). */
function readSessionTokenHash(request: Request): Promise<string | undefined> {
  return sessionTokenHashFromCookieHeader(request.headers.get("Cookie"));
}

/** Who is signed in, as every signed-in page needs it (the spec's /api/user answer, section 7). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: Plan;
}

/**
 * The signed-in user, or null. Expired and unknown sessions count as signed out. The session and its user are read
 * in one query (they were two, and every signed-in request needs both), once per request: the root, layout and
 * page loaders of one document all ask, in parallel (perRequest).
 */
export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await signedInSession(request))?.user ?? null;
}

/**
 * The id of this browser's session row (not its token: ids are what the sessions list shows and revokes), or
 * undefined when signed out.
 */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  return (await signedInSession(request))?.sessionId;
}

async function signedInSession(request: Request) {
  const tokenHash = await readSessionTokenHash(request);
  if (!tokenHash) return null;
  const session = await perRequest(request, sessionUserKey(tokenHash), () => lookUpSession(tokenHash));
  if (session) identifyUser(session.user.id);
  return session;
}

const sessionUserKey = (tokenHash: string) => `session-user:${tokenHash}`;

/** "Last seen" is written at most this often per session: a page of parallel loaders must not write five times. */
export const LAST_SEEN_GRANULARITY_MS = 5 * 60_000;

/** The signed-in user's id, or undefined. */
export async function getUserId(request: Request): Promise<string | undefined> {
  return (await getUser(request))?.id;
}

async function lookUpSession(tokenHash: string): Promise<{ user: SessionUser; sessionId: string } | null> {
  const now = new Date();
  const [row] = await readSql<SessionUser & { sessionId: string; lastSeenAt: Date }>(Prisma.sql`
    SELECT u."id", u."email", u."firstName", u."lastName", u."plan"::text AS "plan",
           s."id" AS "sessionId", s."lastSeenAt"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."tokenHash" = ${tokenHash} AND s."expiresAt" > ${now}`);
  if (!row) return null;
  const { sessionId, lastSeenAt, ...user } = row;
  if (now.getTime() - new Date(lastSeenAt).getTime() > LAST_SEEN_GRANULARITY_MS) {
    await (await db()).session.updateMany({ where: { id: sessionId }, data: { lastSeenAt: now } });
  }
  return { user, sessionId };
}

/** The signed-in user; signed-out visitors go to /signin, and come back here after signing in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(`${url.pathname}${url.search}`, "");
  // An address too long (or too odd) to come back to is dropped rather than echoed into a huge Location header.
  throw redirect(redirectTo ? `/signin?${new URLSearchParams({ redirectTo })}` : "/signin");
}

/** Signed-out visitors go to /signin, and come back here after signing in. */
export async function requireUserId(request: Request): Promise<string> {
  return (await requireUser(request)).id;
}

/** Signed-in users have no business on the auth pages: send them to the dashboard. */
export async function requireAnonymous(request: Request) {
  if (await getUserId(request)) throw redirect("/dashboard");
}

/**
 * Starts a session for the user and returns the Set-Cookie header value: a new random token in the cookie, its hash
 * in the database. `ipAddress` is the client's address as server.ts worked it out (the load context's `clientIp`).
 */
export async function createUserSession(userId: string, request: Request, ipAddress?: string | null): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await (
    await db()
  ).session.create({
    data: {
      userId,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
      ipAddress: ipAddress?.slice(0, 64) ?? null,
    },
    select: { id: true },
  });
  return sessionCookie().serialize(token);
}

/** The Set-Cookie header that removes the session cookie from the browser. */
export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Ends the current session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const tokenHash = await readSessionTokenHash(request);
  if (!tokenHash) return clearSessionCookie();
  await (await db()).session.deleteMany({ where: { tokenHash } });
  forgetPerRequest(request, sessionUserKey(tokenHash));
  return clearSessionCookie();
}

/** Removes expired user and admin sessions; run hourly by the jobs worker. */
export async function deleteExpiredSessions(now = new Date()) {
  const database = await db();
  const [users, admins] = await Promise.all([
    database.session.deleteMany({ where: { expiresAt: { lte: now } } }),
    database.adminSession.deleteMany({ where: { expiresAt: { lte: now } } }),
  ]);
  return { userSessions: users.count, adminSessions: admins.count };
}

/**
 * Signs the user in: ends the browser's previous session (a new id on every sign-in, against session
 * fixation) and starts a new one. Returns the Set-Cookie headers.
 */
export async function startUserSession(userId: string, request: Request, ipAddress?: string | null): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request));
  headers.append("Set-Cookie", await createUserSession(userId, request, ipAddress));
  return headers;
}

/** Hourly, on one worker: expired sessions are refused anyway; this keeps the table small. */
export const deleteExpiredSessionsJob = defineJob({
  queue: "delete-expired-sessions",
  policy: { retryLimit: 2 },
  schedule: "17 * * * *",
  work: async () => deleteExpiredSessions(),
});
