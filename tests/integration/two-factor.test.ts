// Two-factor sign-in by TOTP (ADR 038): enrolment on /account/two-factor, the second step at /signin/two-factor and in
// /api/login, replayed and wrong codes, recovery codes used once, the sign-in limit, and the secret sealed at rest.
import { generateTOTP } from "@epic-web/totp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { FREE_FAILURES } from "~/modules/accounts/login-throttle.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { RECOVERY_CODE_COUNT, USED_CODE, WRONG_CODE } from "~/modules/accounts/two-factor.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { createUserSession } from "~/modules/platform/session.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { testOutbox } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const PASSWORD = "secret-123";

async function createUser() {
  const email = `two-factor-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await (
    await db()
  ).user.create({
    data: {
      email,
      firstName: "Grace",
      lastName: "Hopper",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    },
  });
  const cookie = (await createUserSession(user.id, new Request("http://localhost/"))).split(";")[0]!;
  return { ...user, cookie };
}

function formPost(fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

/** The code an authenticator app with this secret shows now (the test's clock: Date only is faked). */
const codeNow = async (secret: string) =>
  (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;

/** Moves the faked clock to the next 30-second step, as a person waiting for the app's next code. */
function nextStep() {
  vi.setSystemTime(Date.now() + 30_000);
}

/** Sets up two-factor sign-in through the settings page, as its owner would; returns the secret and recovery codes. */
async function enrol(user: { cookie: string }) {
  expect((await app("/account/two-factor", formPost({ intent: "two-factor-start" }, user.cookie))).status).toBe(302);
  const page = await (await app("/account/two-factor", { headers: { Cookie: user.cookie } })).text();
  const secret = /data-testid="two-factor-secret">([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
  expect(page).toContain('aria-label="QR code for your authenticator app"');
  expect(page).toContain("<svg");

  const wrong = await app(
    "/account/two-factor",
    formPost(
      { intent: "two-factor-confirm", code: (await codeNow(secret)) === "000000" ? "111111" : "000000" },
      user.cookie,
    ),
  );
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain(WRONG_CODE);

  const confirmed = await app(
    "/account/two-factor",
    formPost({ intent: "two-factor-confirm", code: await codeNow(secret) }, user.cookie),
  );
  expect(confirmed.status).toBe(200);
  const html = await confirmed.text();
  const recoveryCodes = [...html.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  return { secret, recoveryCodes };
}

/** The password step of the sign-in form: the pending second-factor cookie, or the response when there is none. */
async function passwordStep(email: string, ip = "10.40.0.1") {
  const response = await app("/signin", formPost({ email, password: PASSWORD }), { clientIp: ip });
  return { response, pending: cookiesFrom(response) };
}

const secondStep = (code: string, cookie: string, ip = "10.40.0.1") =>
  app("/signin/two-factor", formPost({ code }, cookie), { clientIp: ip });

describe("two-factor sign-in", () => {
  test("enrolment, then a sign-in asks for the code; a replayed code and a used recovery code are refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser();
    const { secret, recoveryCodes } = await enrol(user);
    // Sealed at rest: the database does not hold the base32 secret.
    const stored = await (await db()).twoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.enabledAt).not.toBeNull();
    expect(stored.secretEncrypted).not.toContain(secret);
    const trail = async () =>
      (
        await (
          await db()
        ).auditEvent.findMany({
          where: { OR: [{ actorId: user.id }, { targetId: user.id }] },
          orderBy: { seq: "asc" },
          select: { action: true, detail: true },
        })
      ).map((entry) => `${entry.action} ${entry.detail ?? ""}`.trim());
    expect(await trail()).toEqual(["two-factor.enabled"]);

    // The password alone does not sign in: it leads to the second step.
    const { response, pending } = await passwordStep(user.email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin/two-factor");
    expect(pending).not.toContain("voxlate_session=");
    expect((await app("/signin/two-factor", { headers: { Cookie: pending } })).status).toBe(200);
    // Without the pending cookie there is nothing to finish.
    expect((await app("/signin/two-factor")).headers.get("Location")).toBe("/signin");

    // The code used to turn it on a moment ago is refused as a replay.
    const replay = await secondStep(await codeNow(secret), pending);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(USED_CODE);

    nextStep();
    const signedIn = await secondStep(await codeNow(secret), pending);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
    const session = cookiesFrom(signedIn);
    expect(await trail()).toEqual([
      "two-factor.enabled",
      'sign-in.failed {"method":"two-factor"}',
      'sign-in {"method":"password + two-factor"}',
    ]);
    expect(session).toContain("voxlate_session=");
    expect((await app("/api/user", { headers: { Cookie: session } })).status).toBe(200);

    // A recovery code works once, in either spelling.
    const second = await passwordStep(user.email);
    const recovered = await secondStep(recoveryCodes[0]!.toUpperCase().replace("-", " "), second.pending);
    expect(recovered.status).toBe(302);
    const third = await passwordStep(user.email);
    const reused = await secondStep(recoveryCodes[0]!, third.pending);
    expect(reused.status).toBe(400);
    const status = await (await app("/account/two-factor", { headers: { Cookie: user.cookie } })).text();
    expect(status).toMatch(new RegExp(`${RECOVERY_CODE_COUNT - 1} unused recovery codes(<!-- -->)? left`));
  });

  test("/api/login takes both factors in one call", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser();
    const { secret } = await enrol(user);
    const without = await app("/api/login", postJson({ email: user.email, password: PASSWORD }), {
      clientIp: "10.41.0.1",
    });
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    nextStep();
    const withCode = await app(
      "/api/login",
      postJson({ email: user.email, password: PASSWORD, code: await codeNow(secret) }),
      {
        clientIp: "10.41.0.1",
      },
    );
    expect(withCode.status).toBe(200);
    expect(await withCode.json()).toMatchObject({ email: user.email });
  });

  test("wrong codes count as failed sign-ins, and the right password does not reset the count", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser();
    const { secret } = await enrol(user);
    const wrong = async () => ((await codeNow(secret)) === "123456" ? "654321" : "123456");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt++) {
      // A guesser who knows the password starts over each time: the password step must not clear the failures.
      const { pending } = await passwordStep(user.email, "10.42.0.1");
      if (!pending.includes("voxlate_second_factor=")) {
        statuses.push(429);
        continue;
      }
      statuses.push((await secondStep(await wrong(), pending, "10.42.0.1")).status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(400), 429]);
    // The owner in another place is not held back.
    nextStep();
    const owner = await passwordStep(user.email, "10.42.0.2");
    expect((await secondStep(await codeNow(secret), owner.pending, "10.42.0.2")).status).toBe(302);
  });

  test("turning it off needs a code; then the password alone signs in again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser();
    const { secret } = await enrol(user);
    const noCode = await app("/account/two-factor", formPost({ intent: "two-factor-disable", code: "" }, user.cookie));
    expect(noCode.status).toBe(400);
    nextStep();
    const off = await app(
      "/account/two-factor",
      formPost({ intent: "two-factor-disable", code: await codeNow(secret) }, user.cookie),
    );
    expect(off.status).toBe(302);
    expect(await (await db()).twoFactor.count({ where: { userId: user.id } })).toBe(0);
    expect(await (await db()).recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const { response } = await passwordStep(user.email);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});
