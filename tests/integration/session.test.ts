import { describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import {
  createUserSession,
  deleteExpiredSessions,
  destroyUserSession,
  getUserId,
  requireAnonymous,
  requireUserId,
} from "~/modules/platform/session.server";

async function newUser(email: string) {
  return (await db()).user.create({ data: { email, firstName: "Sam", lastName: "Lee" } });
}

function requestWithCookie(setCookie: string, url = "http://localhost/dashboard") {
  return new Request(url, { headers: { Cookie: setCookie.split(";")[0] } });
}

describe("user sessions", () => {
  test("a session cookie identifies its user and is httpOnly and SameSite=Lax", async () => {
    const user = await newUser("session@example.com");
    const setCookie = await createUserSession(user.id, new Request("http://localhost/signin"));
    expect(setCookie).toMatch(/^voxlate_session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(await getUserId(requestWithCookie(setCookie))).toBe(user.id);
  });

  test("a tampered cookie is a signed-out visitor", async () => {
    const user = await newUser("tamper@example.com");
    const setCookie = await createUserSession(user.id, new Request("http://localhost/signin"));
    const [name, value] = setCookie.split(";")[0].split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: tampered } }))).toBeUndefined();
  });

  test("an expired session is a signed-out visitor", async () => {
    const user = await newUser("expired@example.com");
    const setCookie = await createUserSession(user.id, new Request("http://localhost/signin"));
    await (
      await db()
    ).session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getUserId(requestWithCookie(setCookie))).toBeUndefined();
  });

  test("requireUserId sends a signed-out visitor to /signin with redirectTo", async () => {
    const thrown = await requireUserId(new Request("http://localhost/transcription/abc?tab=summary")).catch(
      (error) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/signin?redirectTo=%2Ftranscription%2Fabc%3Ftab%3Dsummary");
  });

  test("requireAnonymous sends a signed-in user to /dashboard", async () => {
    const user = await newUser("anon@example.com");
    const setCookie = await createUserSession(user.id, new Request("http://localhost/signin"));
    const thrown = await requireAnonymous(requestWithCookie(setCookie, "http://localhost/signin")).catch(
      (error) => error,
    );
    expect(thrown.headers.get("Location")).toBe("/dashboard");
  });

  test("destroying the session signs the browser out and clears the cookie", async () => {
    const user = await newUser("logout@example.com");
    const setCookie = await createUserSession(user.id, new Request("http://localhost/signin"));
    const cleared = await destroyUserSession(requestWithCookie(setCookie));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getUserId(requestWithCookie(setCookie))).toBeUndefined();
  });
});

test("the hourly clean-up removes expired sessions only", async () => {
  const prisma = await db();
  const user = await newUser("cleanup@example.com");
  const live = await createUserSession(user.id, new Request("http://localhost/signin"));
  await prisma.session.create({
    data: { userId: user.id, tokenHash: "expired-session", expiresAt: new Date(Date.now() - 60_000) },
  });
  const admin = await prisma.admin.create({ data: { email: "cleanup-admin@example.com", passwordHash: "x" } });
  await prisma.adminSession.create({ data: { adminId: admin.id, expiresAt: new Date(Date.now() - 60_000) } });

  const removed = await deleteExpiredSessions();
  expect(removed.userSessions).toBeGreaterThanOrEqual(1);
  expect(removed.adminSessions).toBe(1);
  expect(await prisma.session.count({ where: { expiresAt: { lte: new Date() } } })).toBe(0);
  expect(await getUserId(requestWithCookie(live))).toBe(user.id);
});
