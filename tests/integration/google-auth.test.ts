// Google sign-in end to end through the production handler, with Google's endpoints served by MSW.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { ACCOUNT_FAILURES_PER_HOUR } from "~/modules/accounts/login-throttle.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { GOOGLE_ENDPOINTS } from "~/modules/accounts/google-auth.server";
import { googleHandlers, type FakeGoogleAccount } from "../mocks/google";
import { mockServer } from "../mocks/server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
  // A sign-in from a new browser queues an email.
  await startJobs(await getDatabase(), { work: false });
});
afterAll(() => stopJobs());

const ACCOUNTS: Record<string, FakeGoogleAccount> = {
  "code-new": {
    sub: "g-100",
    email: "new.google@example.com",
    email_verified: true,
    given_name: "Noor",
    family_name: "Haddad",
  },
  "code-existing": { sub: "g-200", email: "Existing@Example.com", email_verified: true, given_name: "Eli" },
  "code-unverified": { sub: "g-300", email: "unverified.google@example.com", email_verified: false },
  "code-device": { sub: "g-400", email: "device.google@example.com", email_verified: true, given_name: "Dee" },
  "code-sso-member": { sub: "g-500", email: "sso.member@example.com", email_verified: true, given_name: "Sam" },
};

beforeEach(() => {
  mockServer.use(...googleHandlers(ACCOUNTS, process.env.GOOGLE_CLIENT_ID!, process.env.GOOGLE_CLIENT_SECRET!));
});

/** Follows the start of the flow and comes back as Google would, with the given code. */
async function signInWithGoogle(code: string) {
  const start = await app("/api/auth/google");
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get("Location")!);
  expect(`${location.origin}${location.pathname}`).toBe(GOOGLE_ENDPOINTS.authorization);
  expect(location.searchParams.get("client_id")).toBe(process.env.GOOGLE_CLIENT_ID);
  expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/google/callback");
  expect(location.searchParams.get("scope")).toBe("openid email profile");
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  const state = location.searchParams.get("state")!;
  return app(`/api/auth/google/callback?code=${code}&state=${state}`, { headers: { Cookie: cookiesFrom(start) } });
}

describe("Google sign-in", () => {
  test("a new Google user gets an account with a verified email and goes to plan selection", async () => {
    const callback = await signInWithGoogle("code-new");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/plan-selection");
    const user = await (await db()).user.findUniqueOrThrow({ where: { email: "new.google@example.com" } });
    expect(user).toMatchObject({ googleId: "g-100", firstName: "Noor", lastName: "Haddad", passwordHash: null });
    expect(user.emailVerifiedAt).not.toBeNull();
    const me = await app("/api/user", { headers: { Cookie: cookiesFrom(callback) } });
    expect((await me.json()).email).toBe("new.google@example.com");

    // The second time, the same Google account signs in to the same user.
    const again = await signInWithGoogle("code-new");
    expect(again.headers.get("Location")).toBe("/dashboard");
    expect(await (await db()).user.count({ where: { googleId: "g-100" } })).toBe(1);
  });

  test("an existing account with the same verified email is linked", async () => {
    const existing = await (
      await db()
    ).user.create({
      data: { email: "existing@example.com", firstName: "Eli", lastName: "Stone", emailVerifiedAt: new Date() },
    });
    const callback = await signInWithGoogle("code-existing");
    expect(callback.headers.get("Location")).toBe("/dashboard");
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: existing.id } })).googleId).toBe("g-200");
  });

  test("the browser that signed in with Google is known to the account, like after a password sign-in", async () => {
    await (
      await db()
    ).user.create({
      data: {
        email: "device.google@example.com",
        firstName: "Dee",
        lastName: "Vice",
        passwordHash: await hashPassword("secret-123"),
        emailVerifiedAt: new Date(),
      },
    });
    const callback = await signInWithGoogle("code-device");
    const device = cookiesFrom(callback)
      .split("; ")
      .find((pair) => pair.startsWith("voxlate_device="));
    expect(device).toBeTruthy();
    // Guesses from many addresses pass the account's ceiling: new clients wait, this browser does not.
    const login = (password: string, ip: string, cookie?: string) =>
      app("/api/login", postJson({ email: "device.google@example.com", password }, cookie), { clientIp: ip });
    for (let attempt = 0; attempt < ACCOUNT_FAILURES_PER_HOUR.user; attempt++)
      await login(`guess-${attempt}`, `10.9.${Math.floor(attempt / 200)}.${attempt % 200}`);
    expect((await login("secret-123", "10.9.9.1")).status).toBe(429);
    expect((await login("secret-123", "10.9.9.2", device)).status).toBe(200);
  });

  test("an unverified Google email is refused", async () => {
    const callback = await signInWithGoogle("code-unverified");
    expect(callback.headers.get("Location")).toBe("/signin");
    expect(await (await db()).user.count({ where: { email: "unverified.google@example.com" } })).toBe(0);
  });

  test("a forged state is refused, and a code Google rejects does not sign anyone in", async () => {
    const start = await app("/api/auth/google");
    const forged = await app("/api/auth/google/callback?code=code-new&state=forged", {
      headers: { Cookie: cookiesFrom(start) },
    });
    expect(forged.headers.get("Location")).toBe("/signin");
    expect(cookiesFrom(forged)).not.toContain("voxlate_session=");

    const rejected = await signInWithGoogle("code-unknown");
    expect(rejected.headers.get("Location")).toBe("/signin");
    expect(cookiesFrom(rejected)).not.toContain("voxlate_session=");
  });
});

describe("a team that requires single sign-on (ADR 041-sso)", () => {
  test("its member is refused Google sign-in, with a pointer to SSO; nothing is signed in", async () => {
    const database = await db();
    const member = await database.user.create({
      data: { email: "sso.member@example.com", firstName: "Sam", lastName: "Ng", emailVerifiedAt: new Date() },
    });
    const team = await database.workspace.create({
      data: {
        name: "SSO Firm",
        kind: "TEAM",
        seats: 2,
        ssoRequired: true,
        members: { create: { userId: member.id, role: "MEMBER" } },
      },
    });
    const callback = await signInWithGoogle("code-sso-member");
    expect(callback.headers.get("Location")).toBe("/signin");
    expect(cookiesFrom(callback)).not.toContain("voxlate_session");
    expect(await database.session.count({ where: { userId: member.id } })).toBe(0);
    const page = await app("/signin", { headers: { Cookie: cookiesFrom(callback) } });
    expect(await page.text()).toContain("SSO Firm requires single sign-on");
    expect(
      await database.auditEvent.count({
        where: { action: "sign-in.failed", workspaceId: team.id, detail: { contains: "sso-required" } },
      }),
    ).toBe(1);
  });
});
