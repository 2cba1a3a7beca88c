// The spec's /api auth contract (sections 7 and 8) through the production request handler.
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/password-strength";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { codeFrom, testOutbox, waitForEmail } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

const registration = (email: string) => ({
  email,
  password: "secret-123",
  firstName: "Ada",
  lastName: "Lovelace",
  hearAboutUs: "Other: a podcast",
  industry: "Education & Research",
});

async function createVerifiedUser(email: string, password = "secret-123", verified = true) {
  return (await db()).user.create({
    data: {
      email,
      firstName: "Grace",
      lastName: "Hopper",
      passwordHash: await hashPassword(password),
      emailVerifiedAt: verified ? new Date() : null,
    },
  });
}

describe("bad bodies get a specific 400, never a 500", () => {
  const routes = [
    "/api/login",
    "/api/register",
    "/api/check-user-exists",
    "/api/send-verification",
    "/api/send-verification-code",
    "/api/verify-email-code",
    "/api/password-reset/request",
    "/api/password-reset/validate",
    "/api/password-reset/verify",
  ];
  for (const route of routes) {
    test(`${route}: malformed JSON, missing fields, wrong types`, async () => {
      const malformed = await app(route, postJson("{not json"));
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ error: "The request body must be valid JSON." });

      const empty = await app(route, postJson({}));
      expect(empty.status).toBe(400);
      expect((await empty.json()).error).toEqual(expect.any(String));

      const wrongTypes = await app(
        route,
        postJson({ email: 42, password: [], token: {}, code: 123456, newPassword: 1 }),
      );
      expect(wrongTypes.status).toBe(400);
    });
  }

  test("specific messages name the problem", async () => {
    const response = await app(
      "/api/register",
      postJson({ ...registration("x@example.com"), firstName: "A", password: "123" }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Password must be at least 6 characters");
    expect(body.fields).toMatchObject({
      firstName: "First name is required",
      password: "Password must be at least 6 characters",
    });
  });

  test("GET on a POST-only route is 405, not a 500", async () => {
    expect((await app("/api/login")).status).toBe(405);
  });
});

describe("registration: check, send code, verify, register", () => {
  test("the whole flow creates a verified account and signs it in", async () => {
    const email = "new.user@example.com";
    expect(await (await app("/api/check-user-exists", postJson({ email }))).json()).toEqual({ exists: false });

    const sent = await app("/api/send-verification", postJson({ email: "New.User@Example.com " }));
    expect(sent.status).toBe(200);
    const code = codeFrom(await waitForEmail(email, /verification code/));

    const tooEarly = await app("/api/register", postJson(registration(email)));
    expect(tooEarly.status).toBe(403);
    expect(await tooEarly.json()).toEqual({ error: "Please verify your email address first." });

    const wrong = await app(
      "/api/verify-email-code",
      postJson({ email, code: code === "000000" ? "111111" : "000000" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("Content-Type")).toContain("text/plain");
    expect(await wrong.text()).toBe("Invalid verification code. 4 attempts left.");

    const verified = await app("/api/verify-email-code", postJson({ email, code }));
    expect(await verified.json()).toEqual({ success: true, verified: true });

    // One of the most common passwords is refused, and the verified address stays ready for a better one.
    const common = await app("/api/register", postJson({ ...registration(email), password: "qwerty123" }));
    expect(common.status).toBe(422);
    expect(await common.json()).toEqual({ error: COMMON_PASSWORD_MESSAGE });

    const registered = await app("/api/register", postJson(registration(email)));
    expect(registered.status).toBe(201);
    const user = await registered.json();
    expect(user).toMatchObject({
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      plan: "FREE",
      redirectTo: "/plan-selection",
    });
    expect(user).not.toHaveProperty("passwordHash");
    const stored = await (await db()).user.findUniqueOrThrow({ where: { email } });
    expect(stored.hearAboutUs).toBe("Other: a podcast");
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.emailVerifiedAt).not.toBeNull();

    const me = await app("/api/user", { headers: { Cookie: cookiesFrom(registered) } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);

    // A verified code registers once.
    const again = await app("/api/register", postJson(registration(email)));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "An account with this email already exists. Please sign in instead." });
    await waitForEmail(email, /Welcome to Voxlate/);
  });

  test("an existing address is refused a sign-up code", async () => {
    await createVerifiedUser("taken@example.com");
    expect(await (await app("/api/check-user-exists", postJson({ email: "taken@example.com" }))).json()).toEqual({
      exists: true,
    });
    const response = await app("/api/send-verification", postJson({ email: "taken@example.com" }));
    expect(response.status).toBe(409);
  });

  test("resends are limited, and a code locks after 5 wrong tries", async () => {
    const email = "locked@example.com";
    await app("/api/send-verification", postJson({ email }));
    const resend = await app("/api/send-verification-code", postJson({ email }));
    expect(resend.status).toBe(429);
    expect(await resend.json()).toEqual({ error: "Please wait a minute before requesting another code." });

    const code = codeFrom(await waitForEmail(email, /verification code/));
    const wrongCode = code === "999999" ? "888888" : "999999";
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      messages.push(await (await app("/api/verify-email-code", postJson({ email, code: wrongCode }))).text());
    }
    expect(messages.at(-1)).toBe("Too many incorrect attempts. Please request a new code.");
    const right = await app("/api/verify-email-code", postJson({ email, code }));
    expect(right.status).toBe(429);
    expect(await right.text()).toBe("Too many incorrect attempts. Please request a new code.");
  });

  test("codes are stored hashed and expire after 10 minutes", async () => {
    const email = "expiry@example.com";
    await app("/api/send-verification", postJson({ email }));
    const code = codeFrom(await waitForEmail(email, /verification code/));
    const row = await (await db()).verification.findFirstOrThrow({ where: { email } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(10 * 60 * 1000, -3);
    await (await db()).verification.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const late = await app("/api/verify-email-code", postJson({ email, code }));
    expect(await late.text()).toBe("This code has expired. Please request a new one.");
  });
});

describe("login, user and logout", () => {
  test("login returns the user, sets an httpOnly session cookie, and /api/user follows it", async () => {
    await createVerifiedUser("login@example.com");
    expect((await app("/api/user")).status).toBe(401);

    const response = await app("/api/login", postJson({ email: "LOGIN@example.com", password: "secret-123" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "login@example.com", firstName: "Grace" });
    const setCookie = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("voxlate_session=") && !cookie.startsWith("voxlate_session=;"))!;
    expect(setCookie).toMatch(/^voxlate_session=.+HttpOnly/);
    expect(setCookie).toContain("SameSite=Lax");

    const cookie = cookiesFrom(response);
    expect((await app("/api/user", { headers: { Cookie: cookie } })).status).toBe(200);
    const logout = await app("/api/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await logout.json()).toEqual({ success: true });
    expect((await app("/api/user", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("a wrong password is 401 with the error field; a new sign-in rotates the session id", async () => {
    await createVerifiedUser("rotate@example.com");
    const wrong = await app("/api/login", postJson({ email: "rotate@example.com", password: "nope-nope" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid email or password" });

    const first = cookiesFrom(
      await app("/api/login", postJson({ email: "rotate@example.com", password: "secret-123" })),
    );
    const second = cookiesFrom(
      await app("/api/login", {
        ...postJson({ email: "rotate@example.com", password: "secret-123" }),
        headers: { "Content-Type": "application/json", Cookie: first },
      }),
    );
    expect(second).not.toBe(first);
    expect((await app("/api/user", { headers: { Cookie: first } })).status).toBe(401);
    expect((await app("/api/user", { headers: { Cookie: second } })).status).toBe(200);
  });

  test("an unverified account gets EMAIL_NOT_VERIFIED and a new code", async () => {
    await createVerifiedUser("unverified@example.com", "secret-123", false);
    const response = await app("/api/login", postJson({ email: "unverified@example.com", password: "secret-123" }));
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("EMAIL_NOT_VERIFIED");
    const code = codeFrom(await waitForEmail("unverified@example.com", /verification code/));
    expect(
      await (await app("/api/verify-email-code", postJson({ email: "unverified@example.com", code }))).json(),
    ).toEqual({
      success: true,
      verified: true,
    });
    expect(
      (await app("/api/login", postJson({ email: "unverified@example.com", password: "secret-123" }))).status,
    ).toBe(200);
  });

  test("sign-in is slowed per email address (more in account-security.test.ts)", async () => {
    await createVerifiedUser("guessed@example.com");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await app("/api/login", postJson({ email: "guessed@example.com", password: `guess-${attempt}` }))).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await app("/api/login", postJson({ email: "guessed@example.com", password: "secret-123" }));
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({
      error: expect.stringMatching(/^Too many sign-in attempts for this email\. Please try again in \d+ seconds?\.$/),
    });
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("password reset", () => {
  test("request, validate and verify: single use, ends every session", async () => {
    const user = await createVerifiedUser("reset@example.com");
    const session = cookiesFrom(
      await app("/api/login", postJson({ email: "reset@example.com", password: "secret-123" })),
    );

    const requested = await app("/api/password-reset/request", postJson({ email: "reset@example.com" }));
    const unknown = await app("/api/password-reset/request", postJson({ email: "nobody@example.com" }));
    expect(await requested.json()).toEqual(await unknown.json());

    const mail = await waitForEmail("reset@example.com", /Reset your Voxlate password/);
    const token = new URL(/https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text)![0]).searchParams.get("token")!;
    const stored = await (await db()).passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -3);

    expect(await (await app("/api/password-reset/validate", postJson({ token }))).json()).toEqual({ valid: true });
    const short = await app("/api/password-reset/verify", postJson({ token, newPassword: "123" }));
    expect(await short.json()).toMatchObject({ error: "Password must be at least 6 characters" });

    const done = await app("/api/password-reset/verify", postJson({ token, newPassword: "brand-new-pass" }));
    expect(await done.json()).toEqual({
      success: true,
      message: "Your password has been updated. You can now sign in.",
    });
    expect((await app("/api/user", { headers: { Cookie: session } })).status).toBe(401);

    const reused = await app("/api/password-reset/verify", postJson({ token, newPassword: "another-pass" }));
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: "This reset link is invalid or has expired" });
    expect((await app("/api/password-reset/validate", postJson({ token }))).status).toBe(400);
    expect((await app("/api/login", postJson({ email: "reset@example.com", password: "brand-new-pass" }))).status).toBe(
      200,
    );
  });
});
