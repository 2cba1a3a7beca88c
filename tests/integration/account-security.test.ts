// Accounts hardening (issue 12): sign-in slow-down without lock-out, re-authentication before email and
// password changes, password-reset timing, limits and revocation, and rate-limited forms.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { signInAdmin, upsertAdmin } from "~/modules/accounts/admin-session.server";
import { passwordResetsSettled, RESETS_PER_HOUR, verifyLogin } from "~/modules/accounts/auth.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { EMAIL_QUEUE, readOutbox } from "~/modules/platform/email.server";
import { dataDir } from "~/config/env.server";
import { singleton } from "~/config/singleton.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { ACCOUNT_FAILURES_PER_HOUR, FREE_FAILURES } from "~/modules/accounts/login-throttle.server";
import { ARGON2_COST, argon2, hashPassword } from "~/modules/accounts/password.server";
import {
  COMMON_PASSWORD_MESSAGE,
  GUESSABLE_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
} from "~/modules/accounts/password-strength";
import { RATE_LIMITS, rateLimits, TOO_MANY_REQUESTS } from "~/modules/platform/rate-limit.server";
import { createUserSession } from "~/modules/platform/session.server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { codeFrom, testOutbox, waitFor, waitForEmail, waitForQueuesIdle } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function createUser(email: string, password: string | null = "secret-123") {
  return (await db()).user.create({
    data: {
      email,
      firstName: "Grace",
      lastName: "Hopper",
      passwordHash: password ? await hashPassword(password) : null,
      googleId: password ? null : `google-${email}`,
      emailVerifiedAt: new Date(),
    },
  });
}

const loginAs = (email: string, password: string, ip: string, cookie?: string) => {
  const init = postJson({ email, password }, cookie);
  return app("/api/login", init, { clientIp: ip });
};

/** The device cookie of a response, as a Cookie header. */
const deviceCookie = (response: Response) =>
  cookiesFrom(response)
    .split("; ")
    .find((pair) => pair.startsWith("voxlate_device="))!;

/**
 * Stops the clock the sign-in throttle reads (only Date: timers and the database run on). The first wait is 1 s, and
 * on a loaded machine a few password checks can take longer than that: with the clock stopped, a test sees the wait
 * it asked for, however slow the machine.
 */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("failed sign-ins slow the guesser down without locking the owner out", () => {
  test("guesses from one address are slowed; the owner at another address signs in at once", async () => {
    const email = uniqueEmail("backoff");
    await createUser(email);
    stopTheClock();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 3; attempt++) {
      statuses.push((await loginAs(email, `guess-${attempt}`, "10.1.0.1")).status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429, 429, 429]);
    expect((await loginAs(email, "secret-123", "10.1.0.2")).status).toBe(200);
  });

  test("from the same address, a browser that signed in before still gets in", async () => {
    const email = uniqueEmail("known-browser");
    await createUser(email);
    stopTheClock();
    const owner = await loginAs(email, "secret-123", "10.2.0.1");
    expect(owner.status).toBe(200);
    const device = deviceCookie(owner);
    expect(device).toBeTruthy();
    // Eleven wrong passwords: the old rule's ten-failure lock-out would now keep the owner out for 15 minutes.
    for (let attempt = 0; attempt < 11; attempt++) await loginAs(email, `guess-${attempt}`, "10.2.0.1");
    expect((await loginAs(email, "secret-123", "10.2.0.1")).status).toBe(429);
    expect((await loginAs(email, "secret-123", "10.2.0.1", device)).status).toBe(200);
  });

  test("many addresses together: past the account's ceiling new clients wait, known browsers and reset links do not", async () => {
    const email = uniqueEmail("distributed");
    await createUser(email);
    stopTheClock();
    const device = deviceCookie(await loginAs(email, "secret-123", "10.3.0.1"));
    const ceiling = ACCOUNT_FAILURES_PER_HOUR.user;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ceiling; attempt++) {
      statuses.push(
        (await loginAs(email, `guess-${attempt}`, `10.4.${Math.floor(attempt / 200)}.${attempt % 200}`)).status,
      );
    }
    expect(statuses).toEqual([...Array(ceiling).fill(401), 429]);
    // A new address, even with the right password, now waits...
    const newClient = await loginAs(email, "secret-123", "10.5.0.1");
    expect(newClient.status).toBe(429);
    // ...but the owner's browser does not, from any address.
    expect((await loginAs(email, "secret-123", "10.5.0.2", device)).status).toBe(200);
    // The mail queue schedules by the clock.
    vi.useRealTimers();

    // A browser that completes a reset link is trusted too.
    const token = await resetToken(email);
    const reset = await app(
      "/reset-password",
      formPost({ intent: "reset-password", token, password: "renewed-pass", confirmPassword: "renewed-pass" }),
      {
        clientIp: "10.5.0.3",
      },
    );
    expect(reset.status).toBe(302);
    const resetDevice = deviceCookie(reset);
    expect((await loginAs(email, "renewed-pass", "10.5.0.3", resetDevice)).status).toBe(200);
  });

  test("a Google-only account, an unknown email and an unknown admin run the same argon2 check as a real password", async () => {
    const googleOnly = uniqueEmail("google-only");
    const withPassword = uniqueEmail("with-password");
    await createUser(googleOnly, null);
    await createUser(withPassword);
    const adminEmail = uniqueEmail("admin-real");
    await upsertAdmin(adminEmail, "admin-pass-123");
    const client = { ip: "10.6.0.1", deviceId: "device-timing", trustedFor: [] };
    const checks = vi.spyOn(argon2, "verify");
    // What each path's single verification costs, read from the hash it verifies against: "argon2id v=19 m=… t=… p=…".
    const costOf = async (attempt: () => Promise<unknown>) => {
      checks.mockClear();
      await attempt();
      expect(checks).toHaveBeenCalledTimes(1);
      // Really checked, not skipped: the verification ran and refused the guess.
      expect(await checks.mock.results[0].value).toBe(false);
      const [, algorithm, version, parameters] = checks.mock.calls[0][0].split("$");
      return `${algorithm} ${version} ${parameters}`;
    };
    const real = `argon2id v=19 m=${ARGON2_COST.memoryCost},t=${ARGON2_COST.timeCost},p=${ARGON2_COST.parallelism}`;
    // By the API's sign-in and the admin's: each is refused, after exactly the one check a real password gets.
    expect(await costOf(() => verifyLogin(withPassword, "a-guess"))).toBe(real);
    expect(await costOf(() => verifyLogin(googleOnly, "a-guess"))).toBe(real);
    expect(await costOf(() => verifyLogin(uniqueEmail("nobody"), "a-guess"))).toBe(real);
    expect(await costOf(() => signInAdmin(adminEmail, "a-guess", client))).toBe(real);
    expect(await costOf(() => signInAdmin(uniqueEmail("no-admin"), "a-guess", client))).toBe(real);
    checks.mockRestore();
  });
});

describe("the admin sign-in is limited per account", () => {
  test("guesses from many addresses cannot lock the admin out; the addresses that guessed wait", async () => {
    const email = uniqueEmail("admin");
    await upsertAdmin(email, "admin-pass-123");
    stopTheClock();
    const signIn = (password: string, ip: string, cookie?: string) =>
      app("/api/admin/login", postJson({ username: email, password }, cookie), { clientIp: ip });
    const known = await signIn("admin-pass-123", "10.7.0.1");
    expect(known.status).toBe(200);
    const device = deviceCookie(known);

    // The probe of issue 30: 25 wrong passwords from 25 addresses, well past the admin's ceiling.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++)
      statuses.push((await signIn(`guess-${attempt}`, `10.8.0.${attempt}`)).status);
    expect(25).toBeGreaterThan(2 * ACCOUNT_FAILURES_PER_HOUR.admin);
    expect(statuses).toEqual(Array(25).fill(401));
    // The admin gets in with the right password from a new address and browser, and from the known browser.
    expect((await signIn("admin-pass-123", "10.9.0.1")).status).toBe(200);
    expect((await signIn("admin-pass-123", "10.9.0.2", device)).status).toBe(200);
    // An address that guessed wrong waits before its next try, because so many have guessed.
    expect((await signIn("another-guess", "10.8.0.0")).status).toBe(429);

    // The form without JavaScript shows the message on the page.
    const form = await app("/admin/login", formPost({ username: email, password: "guess" }), { clientIp: "10.8.0.1" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Too many sign-in attempts for this email");
  });

  test("one address guessing the admin's password is slowed after the free tries", async () => {
    const email = uniqueEmail("admin-one-address");
    await upsertAdmin(email, "admin-pass-123");
    stopTheClock();
    const signIn = (password: string, ip: string) =>
      app("/api/admin/login", postJson({ username: email, password }), { clientIp: ip });
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= FREE_FAILURES; attempt++)
      statuses.push((await signIn(`guess-${attempt}`, "10.10.0.1")).status);
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
    expect((await signIn("admin-pass-123", "10.10.0.2")).status).toBe(200);
  });
});

// ---- Re-authentication on the account page ---------------------------------------------------------------

function formPost(fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

async function sessionFor(userId: string) {
  return (await createUserSession(userId, new Request("http://localhost/"))).split(";")[0]!;
}

const pendingChange = async (userId: string) =>
  (await db()).verification.count({ where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null } });

describe("changing the email or the password needs the current password (or a code to the current address)", () => {
  test("a session alone cannot start an email change; a wrong password is refused; the right one sends the code", async () => {
    const email = uniqueEmail("change");
    const user = await createUser(email);
    const cookie = await sessionFor(user.id);
    const newEmail = uniqueEmail("new-address");

    const missing = await app("/account", formPost({ intent: "email", newEmail }, cookie));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter your current password"); // Without JavaScript: on the form.
    const wrong = await app("/account", formPost({ intent: "email", newEmail, currentPassword: "not-it" }, cookie));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not right");
    expect(await pendingChange(user.id)).toBe(0);

    const right = await app("/account", formPost({ intent: "email", newEmail, currentPassword: "secret-123" }, cookie));
    expect(right.status).toBe(302);
    const code = codeFrom(await waitForEmail(newEmail, /verification code/));
    const confirmed = await app("/account", formPost({ intent: "email-verify", code }, cookie));
    expect(confirmed.status).toBe(302);
    expect((await (await db()).user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);
    // The old address is told, so that a taken-over account does not go unnoticed.
    const notice = await waitForEmail(email, /email address was changed/);
    expect(notice.text).toContain(newEmail);
  });

  test("wrong current passwords on the account page count as failed sign-ins", async () => {
    const user = await createUser(uniqueEmail("guess-on-page"));
    const cookie = await sessionFor(user.id);
    const change = (currentPassword: string) =>
      app(
        "/account",
        formPost(
          { intent: "password", currentPassword, newPassword: "x-new-pass", confirmPassword: "x-new-pass" },
          cookie,
        ),
        {
          clientIp: "10.10.0.1",
        },
      );
    stopTheClock();
    for (let attempt = 0; attempt < FREE_FAILURES; attempt++)
      expect((await change(`guess-${attempt}`)).status).toBe(400);
    const slowed = await change("secret-123");
    expect(slowed.status).toBe(400);
    expect(await slowed.text()).toContain("Too many sign-in attempts");
  });

  test("a Google-only account proves itself with a code to its current address, then sets a password", async () => {
    const email = uniqueEmail("google");
    const user = await createUser(email, null);
    const cookie = await sessionFor(user.id);
    const fields = { intent: "password", newPassword: "first-pass", confirmPassword: "first-pass" };

    const page = await (await app("/account", { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`Code sent to ${email}`);
    expect(page).not.toContain("Current password");

    const noCode = await app("/account", formPost(fields, cookie));
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain(`Enter the code we sent to ${email}`);

    const since = Date.now();
    expect((await app("/account", formPost({ intent: "reauth-code" }, cookie))).status).toBe(302);
    const code = codeFrom(await waitForEmail(email, /verification code/, since));
    const wrongCode = await app(
      "/account",
      formPost({ ...fields, reauthCode: code === "000000" ? "111111" : "000000" }, cookie),
    );
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).toContain("Invalid verification code");

    expect((await app("/account", formPost({ ...fields, reauthCode: code }, cookie))).status).toBe(302);
    expect((await loginAs(email, "first-pass", "10.11.0.1")).status).toBe(200);
    // The code is used up: it cannot approve a second change.
    expect(
      (await app("/account", formPost({ intent: "email", newEmail: uniqueEmail("x"), reauthCode: code }, cookie)))
        .status,
    ).toBe(400);
  });
});

describe("a new password that is too common", () => {
  test("is refused with zxcvbn's sentence by every door that sets one, and changes nothing", async () => {
    const email = uniqueEmail("common-password");
    const user = await createUser(email);
    const cookie = await sessionFor(user.id);

    const changed = await app(
      "/account",
      formPost(
        { intent: "password", currentPassword: "secret-123", newPassword: "iloveyou", confirmPassword: "iloveyou" },
        cookie,
      ),
    );
    expect(changed.status).toBe(422);
    expect(await changed.text()).toContain(COMMON_PASSWORD_MESSAGE);

    const token = await resetToken(email);
    // Posted where the page's form posts: the page renders again around the refusal, and its loader reads the token.
    const resetPage = await app(
      `/reset-password?token=${token}`,
      formPost({ intent: "reset-password", token, password: email, confirmPassword: email }),
    );
    expect(resetPage.status).toBe(422);
    expect(await resetPage.text()).toContain(PERSONAL_PASSWORD_MESSAGE);
    const resetApi = await app("/api/password-reset/verify", postJson({ token, newPassword: "qwerty123" }));
    expect(resetApi.status).toBe(422);
    expect(await resetApi.json()).toEqual({ error: COMMON_PASSWORD_MESSAGE });
    // The link was not used up by the refusals.
    expect(await tokenIsValid(token)).toBe(true);

    // Sign-up, one step per post as without JavaScript: the password step answers under the field.
    const signup = await app(
      "/signup",
      formPost({
        submit: "next",
        firstName: "Ada",
        lastName: "Lovelace",
        email: uniqueEmail("signup"),
        password: "aaaaaa",
      }),
    );
    expect(signup.status).toBe(422);
    expect(await signup.text()).toContain(GUESSABLE_PASSWORD_MESSAGE);
    // Nothing was changed: the old password still signs in.
    expect((await loginAs(email, "secret-123", "10.30.0.1")).status).toBe(200);
  });
});

// ---- Password reset -----------------------------------------------------------------------------------

async function resetToken(email: string): Promise<string> {
  const since = Date.now();
  const response = await app("/api/password-reset/request", postJson({ email }));
  expect(response.status).toBe(200);
  const mail = await waitForEmail(email, /Reset your Voxlate password/, since);
  return new URL(/https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text)![0]).searchParams.get("token")!;
}

const tokenIsValid = async (token: string) =>
  (await app("/api/password-reset/validate", postJson({ token }))).status === 200;

describe("password reset", () => {
  test("the answer never waits for the account lookup, so its time cannot tell a known address from an unknown", async () => {
    // Hold each address's reset work behind a gate in the queue it runs in: if the answer waited for the lookup (or
    // anything after it), the request would not return while the gate is closed. An ordering, not a timing, so a
    // loaded machine cannot flip it.
    const known = uniqueEmail("reset-order");
    const user = await createUser(known);
    const unknown = uniqueEmail("nobody");
    const queue = singleton("password-reset-queue", () => new Map<string, Promise<void>>());
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    for (const email of [known, unknown]) queue.set(email, gate);
    const answers: string[] = [];
    for (const email of [known, unknown]) {
      const response = await app("/api/password-reset/request", postJson({ email }));
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    expect(answers[0]).toBe(answers[1]);
    // Both answered, and the known address's reset has not started: no token exists yet.
    expect(await (await db()).passwordReset.count({ where: { userId: user.id } })).toBe(0);
    openGate();
    await passwordResetsSettled();
    expect(await (await db()).passwordReset.count({ where: { userId: user.id } })).toBe(1);
  });

  test(`at most ${RESETS_PER_HOUR} reset emails an hour per address; more requests get the same answer`, async () => {
    const email = uniqueEmail("reset-limit");
    const user = await createUser(email);
    const answers = new Set<string>();
    for (let request = 0; request < RESETS_PER_HOUR + 2; request++) {
      answers.add(await (await app("/api/password-reset/request", postJson({ email }))).text());
    }
    answers.add(await (await app("/api/password-reset/request", postJson({ email: uniqueEmail("nobody") }))).text());
    expect(answers.size).toBe(1);
    await passwordResetsSettled();
    expect(await (await db()).passwordReset.count({ where: { userId: user.id } })).toBe(RESETS_PER_HOUR);
    await waitFor(
      () => readOutbox(dataDir("mail")),
      (all) => all.filter((mail) => mail.to === email).length >= RESETS_PER_HOUR,
    );
    // Every reset request has settled, so any extra email is queued by now: once the mail queue is idle, none can come.
    await waitForQueuesIdle(EMAIL_QUEUE);
    expect((await readOutbox(dataDir("mail"))).filter((mail) => mail.to === email)).toHaveLength(RESETS_PER_HOUR);
  });

  test("using a reset link revokes every older one; so does a password change", async () => {
    const email = uniqueEmail("revoke");
    const user = await createUser(email);
    const older = await resetToken(email);
    const newer = await resetToken(email);
    expect(await tokenIsValid(older)).toBe(true);
    const done = await app("/api/password-reset/verify", postJson({ token: newer, newPassword: "after-reset" }));
    expect(done.status).toBe(200);
    expect(await tokenIsValid(older)).toBe(false);
    const reused = await app("/api/password-reset/verify", postJson({ token: older, newPassword: "attacker-pass" }));
    expect(reused.status).toBe(400);

    const pending = await resetToken(email);
    const cookie = await sessionFor(user.id);
    const change = formPost(
      {
        intent: "password",
        currentPassword: "after-reset",
        newPassword: "changed-pass",
        confirmPassword: "changed-pass",
      },
      cookie,
    );
    expect((await app("/account", change)).status).toBe(302);
    expect(await tokenIsValid(pending)).toBe(false);
  });
});

// ---- Rate-limited forms --------------------------------------------------------------------------------

describe("a rate-limited form shows the limit message on its page, not the error page", () => {
  let baseUrl: string;
  let close: () => void;

  beforeAll(async () => {
    const build = (await import(/* @vite-ignore */ path.resolve("build/server/index.js"))) as ServerBuild;
    const server = express();
    server.use(rateLimits());
    server.all(
      "/{*splat}",
      createRequestHandler({ build, getLoadContext: (request) => ({ cspNonce: "test", clientIp: request.ip }) }),
    );
    const listening = await new Promise<ReturnType<typeof server.listen>>((resolve) => {
      const started = server.listen(0, "127.0.0.1", () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
  });
  afterAll(() => close());

  const signInPost = (route: string) =>
    fetch(`${baseUrl}${route}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${baseUrl}/signin` },
      body: new URLSearchParams({ intent: "signin", email: "nobody@example.com", password: "guess" }).toString(),
    });

  test("without JavaScript (a 303 back with the message) and with it (a redirect React Router follows)", async () => {
    let response = await signInPost("/signin");
    for (let attempt = 0; attempt < RATE_LIMITS.strongest.limit && response.status !== 303; attempt++)
      response = await signInPost("/signin");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/signin");
    const page = await fetch(`${baseUrl}/signin`, { headers: { Cookie: cookiesFrom(response) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(TOO_MANY_REQUESTS);
    expect(html).not.toContain("Something went wrong");

    const withJs = await signInPost("/signin.data");
    expect(withJs.status).toBe(204);
    expect(withJs.headers.get("x-remix-redirect")).toBe("/signin");
    expect(cookiesFrom(withJs)).toMatch(/^voxlate_toast=/);
  });

  test("/api routes keep their JSON 429 with a message and Retry-After", async () => {
    const check = () => fetch(`${baseUrl}/api/check-user-exists`, postJson({ email: "nobody@example.com" }));
    let response = await check();
    for (let attempt = 0; attempt < RATE_LIMITS.strongest.limit && response.status !== 429; attempt++)
      response = await check();
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: TOO_MANY_REQUESTS });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
