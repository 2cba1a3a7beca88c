import { data, redirect } from "react-router";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/database.server";
import {
  clearLoginFailures,
  type LoginAccount,
  type LoginClient,
  loginWaitMs,
  recordLoginFailure,
  trustDeviceHeader,
} from "./login-throttle.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";

const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

// Separate from the user session: an admin is not a user, and signing out of one leaves the other.
const adminCookie = () => signedCookie("voxlate_admin_session", { maxAge: ADMIN_SESSION_TTL_MS / 1000 });

export async function getAdminId(request: Request): Promise<string | undefined> {
  const sessionId: unknown = await adminCookie().parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || !sessionId) return undefined;
  const session = await (
    await db()
  ).adminSession.findFirst({
    where: { id: sessionId, expiresAt: { gt: new Date() } },
    select: { adminId: true },
  });
  return session?.adminId;
}

export { AdminLoginSchema } from "./admin-login";

/** For /api/admin/*: a 401 JSON answer instead of a redirect. */
export async function requireAdminApi(request: Request): Promise<string> {
  const adminId = await getAdminId(request);
  if (!adminId) throw data({ error: "Admin authentication required." }, { status: 401 });
  return adminId;
}

export async function requireAdmin(request: Request): Promise<string> {
  const adminId = await getAdminId(request);
  if (!adminId) throw redirect("/admin/login");
  return adminId;
}

export type AdminSignIn =
  { status: "ok"; headers: Headers } | { status: "invalid" } | { status: "throttled"; waitMs: number };

/**
 * Starts an admin session when the credentials match, with the same per-account slow-down as users'
 * sign-ins (login-throttle.server.ts). "ok" carries the session and device cookies.
 */
export async function signInAdmin(email: string, password: string, client: LoginClient): Promise<AdminSignIn> {
  const account: LoginAccount = `admin:${email.toLowerCase()}`;
  const waitMs = await loginWaitMs(account, client);
  if (waitMs > 0) return { status: "throttled", waitMs };
  const database = await db();
  const admin = await database.admin.findUnique({ where: { email: email.toLowerCase() } });
  if (!admin) await burnPasswordCheck(password);
  if (!admin || !(await verifyPassword(admin.passwordHash, password))) {
    await recordLoginFailure(account, client);
    return { status: "invalid" };
  }
  await clearLoginFailures(account, client);
  const session = await database.adminSession.create({
    data: { adminId: admin.id, expiresAt: new Date(Date.now() + ADMIN_SESSION_TTL_MS) },
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await adminCookie().serialize(session.id));
  headers.append("Set-Cookie", await trustDeviceHeader(account, client));
  return { status: "ok", headers };
}

export async function signOutAdmin(request: Request): Promise<string> {
  const sessionId: unknown = await adminCookie().parse(request.headers.get("Cookie"));
  if (typeof sessionId === "string" && sessionId) {
    await (await db()).adminSession.deleteMany({ where: { id: sessionId } });
  }
  return adminCookie().serialize("", { maxAge: 0 });
}

/** Creates or updates an admin account (used by `npm run admin:create`). */
export async function upsertAdmin(email: string, password: string) {
  const passwordHash = await hashPassword(password);
  return (await db()).admin.upsert({
    where: { email: email.toLowerCase() },
    create: { email: email.toLowerCase(), passwordHash },
    update: { passwordHash },
    select: { id: true, email: true },
  });
}
