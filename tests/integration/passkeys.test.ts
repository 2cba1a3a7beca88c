// Passkeys (ADR 039) through the production build's routes, with a software authenticator that signs as a device
// does: adding one (recovery codes with the first factor), passwordless sign-in, the second step after the password,
// and what must be refused: a consumed challenge, a replayed counter, another origin (the security suite's "passkey
// from another origin", for sign-in and registration alike), another rpID, a passkey without user verification
// signing in alone, a stale session adding one, and guessing past the sign-in limit.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FREE_FAILURES } from "~/modules/accounts/login-throttle.server";
import { hashPassword } from "~/modules/accounts/password.server";
import {
  CHALLENGE_USED,
  NEEDS_RECENT_SIGN_IN,
  passkeyCountsByUser,
  UNKNOWN_PASSKEY,
  WRONG_ORIGIN,
} from "~/modules/accounts/passkeys.server";
import { RECOVERY_CODE_COUNT } from "~/modules/accounts/two-factor.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { createUserSession } from "~/modules/platform/session.server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { testOutbox } from "./helpers";
import { SoftwareAuthenticator } from "./software-authenticator";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  // Sign-ins send the new-device email through the jobs queue.
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

let counter = 0;
const PASSWORD = "secret-123";

async function createUser() {
  const email = `passkey-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await (
    await db()
  ).user.create({
    data: {
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    },
  });
  const cookie = (await createUserSession(user.id, new Request("http://localhost/"))).split(";")[0]!;
  return { ...user, cookie };
}

const formPost = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
});

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown> & { error?: string };
}

/** Adds a passkey through the account's endpoints, as the page's script does; returns the answer. */
async function addPasskey(user: { cookie: string }, authenticator: SoftwareAuthenticator, name = "Laptop") {
  const options = await app("/account/passkeys/options", postJson({}, user.cookie));
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  return app("/account/passkeys/verify", postJson({ name, response: authenticator.register(challenge) }, user.cookie));
}

async function signInChallenge(purpose: "sign-in" | "second-factor", cookie = "", ip = "10.50.0.1") {
  const response = await app("/auth/passkey/options", postJson({ purpose }, cookie), { clientIp: ip });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { challenge: string; rpId: string; allowCredentials?: { id: string }[] };
}

const verifySignIn = (body: Record<string, unknown>, cookie = "", ip = "10.50.0.1") =>
  app("/auth/passkey/verify", postJson(body, cookie), { clientIp: ip });

const trail = async (userId: string) =>
  (
    await (
      await db()
    ).auditEvent.findMany({
      where: { OR: [{ actorId: userId }, { targetId: userId }] },
      orderBy: { seq: "asc" },
      select: { action: true, detail: true },
    })
  ).map((entry) => `${entry.action} ${entry.detail ?? ""}`.trim());

describe("passkeys", () => {
  test("added on the account, then signing in without a password; a consumed challenge and an old counter are refused", async () => {
    const user = await createUser();
    const authenticator = new SoftwareAuthenticator();
    const added = await addPasskey(user, authenticator, "MacBook");
    expect(added.status).toBe(201);
    const answer = (await added.json()) as { name: string; recoveryCodes: string[] };
    expect(answer.name).toBe("MacBook");
    // The first second factor of the account comes with recovery codes, shown once.
    expect(answer.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = await (await db()).passkey.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.credentialId).toBe(authenticator.id);
    expect(await passkeyCountsByUser([user.id, "nobody"])).toEqual(new Map([[user.id, 1]]));
    const page = await (await app("/account/passkeys", { headers: { Cookie: user.cookie } })).text();
    expect(page).toContain("MacBook");

    // Passwordless: the challenge is for any of this site's passkeys, and the device must verify its user.
    const options = await signInChallenge("sign-in");
    expect(options.rpId).toBe("localhost");
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.assert(options.challenge, user.id);
    const signedIn = await verifySignIn({ purpose: "sign-in", response: assertion, redirectTo: "/recordings" });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(await signedIn.json()).toEqual({ redirectTo: "/recordings" });
    const session = cookiesFrom(signedIn);
    expect(session).toContain("voxlate_session=");
    expect(await (await app("/api/user", { headers: { Cookie: session } })).json()).toMatchObject({
      email: user.email,
    });

    // The same answer again: its challenge was used up.
    const replayed = await verifySignIn({ purpose: "sign-in", response: assertion });
    expect(replayed.status).toBe(400);
    expect((await json(replayed)).error).toBe(CHALLENGE_USED);

    // A fresh challenge signed with a counter that did not go up: a cloned key, refused and counted as a failure.
    const again = await signInChallenge("sign-in");
    const cloned = await verifySignIn({
      purpose: "sign-in",
      response: authenticator.assert(again.challenge, user.id, { counter: authenticator.counter }),
    });
    expect(cloned.status).toBe(400);
    expect((await json(cloned)).error).toMatch(/counter/);

    const lastUsed = await (await db()).passkey.findFirstOrThrow({ where: { userId: user.id } });
    expect(lastUsed.lastUsedAt).not.toBeNull();
    expect(Number(lastUsed.counter)).toBe(1);
    expect(await trail(user.id)).toEqual([
      'passkey.added {"synced":false}',
      "recovery-codes.created",
      'sign-in {"method":"passkey"}',
      'sign-in.failed {"method":"passkey"}',
    ]);
  });

  test("an answer made for another origin or rpID is refused, at sign-in and when adding one", async () => {
    const user = await createUser();
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(user, authenticator)).status).toBe(201);

    for (const overrides of [
      { origin: "http://127.0.0.1:3000" },
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
    ]) {
      const { challenge } = await signInChallenge("sign-in", "", "10.51.0.1");
      const refused = await verifySignIn(
        { purpose: "sign-in", response: authenticator.assert(challenge, user.id, overrides) },
        "",
        "10.51.0.1",
      );
      expect(refused.status, overrides.origin).toBe(400);
      expect((await json(refused)).error).toBe(WRONG_ORIGIN);
      expect(refused.headers.getSetCookie().join()).not.toContain("voxlate_session=");
    }
    const { challenge } = await signInChallenge("sign-in", "", "10.51.0.2");
    const otherRp = await verifySignIn(
      { purpose: "sign-in", response: authenticator.assert(challenge, user.id, { rpId: "evil.example" }) },
      "",
      "10.51.0.2",
    );
    expect(otherRp.status).toBe(400);
    expect((await json(otherRp)).error).toBe(WRONG_ORIGIN);

    // Registration: the same rule, and nothing is kept.
    const stranger = new SoftwareAuthenticator();
    const options = await app("/account/passkeys/options", postJson({}, user.cookie));
    const registration = stranger.register(((await options.json()) as { challenge: string }).challenge, {
      origin: "https://evil.example",
    });
    const refusedAdd = await app(
      "/account/passkeys/verify",
      postJson({ name: "Evil", response: registration }, user.cookie),
    );
    expect(refusedAdd.status).toBe(400);
    expect((await json(refusedAdd)).error).toBe(WRONG_ORIGIN);
    expect(await (await db()).passkey.count({ where: { userId: user.id } })).toBe(1);
  });

  test("a passkey is the second factor after the password; another account's passkey and a missing UV are refused", async () => {
    const user = await createUser();
    const authenticator = new SoftwareAuthenticator();
    const { recoveryCodes } = (await (await addPasskey(user, authenticator)).json()) as { recoveryCodes: string[] };

    const passwordStep = async (ip: string) => {
      const response = await app("/signin", formPost({ email: user.email, password: PASSWORD }), { clientIp: ip });
      expect(response.headers.get("Location")).toBe("/signin/two-factor");
      return cookiesFrom(response);
    };
    const pending = await passwordStep("10.52.0.1");
    const page = await (await app("/signin/two-factor", { headers: { Cookie: pending } })).text();
    // Without JavaScript the page says the passkey needs it, and offers the recovery code form.
    expect(page).toContain("Using a passkey needs JavaScript");
    expect(page).toContain("Recovery code");

    // Another account's passkey is not this account's second factor.
    const other = await createUser();
    const otherKey = new SoftwareAuthenticator();
    expect((await addPasskey(other, otherKey)).status).toBe(201);
    const first = await signInChallenge("second-factor", pending, "10.52.0.1");
    expect(first.allowCredentials?.map((credential) => credential.id)).toEqual([authenticator.id]);
    const wrongAccount = await verifySignIn(
      { purpose: "second-factor", response: otherKey.assert(first.challenge, other.id) },
      pending,
      "10.52.0.1",
    );
    expect(wrongAccount.status).toBe(400);
    expect((await json(wrongAccount)).error).toBe(UNKNOWN_PASSKEY);
    // The failure is the signing-in account's, not the other passkey's owner's.
    expect(await trail(user.id)).toContain('sign-in.failed {"method":"passkey"}');
    expect(await trail(other.id)).not.toContain('sign-in.failed {"method":"passkey"}');

    // The right one, without user verification (presence is enough after a password).
    const second = await signInChallenge("second-factor", pending, "10.52.0.1");
    const signedIn = await verifySignIn(
      { purpose: "second-factor", response: authenticator.assert(second.challenge, user.id, { userVerified: false }) },
      pending,
      "10.52.0.1",
    );
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(cookiesFrom(signedIn)).toContain("voxlate_session=");
    expect(await trail(user.id)).toContain('sign-in {"method":"password + passkey"}');

    // Alone, the same passkey must verify its user.
    const alone = await signInChallenge("sign-in", "", "10.52.0.2");
    const noUv = await verifySignIn(
      { purpose: "sign-in", response: authenticator.assert(alone.challenge, user.id, { userVerified: false }) },
      "",
      "10.52.0.2",
    );
    expect(noUv.status).toBe(400);
    expect((await json(noUv)).error).toMatch(/PIN, fingerprint or face/);

    // A passkey-only account (no app) signs in with a recovery code too, without JavaScript.
    const byCode = await app(
      "/signin/two-factor",
      formPost({ code: recoveryCodes[0]! }, await passwordStep("10.52.0.3")),
      {
        clientIp: "10.52.0.3",
      },
    );
    expect(byCode.status).toBe(302);
    expect(byCode.headers.get("Location")).toBe("/dashboard");
    // /api/login asks for the second factor too.
    const api = await app("/api/login", postJson({ email: user.email, password: PASSWORD }), { clientIp: "10.52.0.4" });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
  });

  test("failed passkey answers count as failed sign-ins of the account", async () => {
    const user = await createUser();
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FREE_FAILURES + 1; attempt++) {
      const { challenge } = await signInChallenge("sign-in", "", "10.53.0.1");
      const response = authenticator.assert(challenge, user.id, { origin: "https://evil.example" });
      statuses.push((await verifySignIn({ purpose: "sign-in", response }, "", "10.53.0.1")).status);
    }
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(400), 429]);
    // The owner elsewhere is not held back.
    const { challenge } = await signInChallenge("sign-in", "", "10.53.0.2");
    const owner = await verifySignIn(
      { purpose: "sign-in", response: authenticator.assert(challenge, user.id) },
      "",
      "10.53.0.2",
    );
    expect(owner.status).toBe(200);
  });

  test("adding or removing needs a recent sign-in; rename and remove work as plain forms; bad bodies get 400", async () => {
    const user = await createUser();
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(user, authenticator)).status).toBe(201);
    const passkey = await (await db()).passkey.findFirstOrThrow({ where: { userId: user.id } });

    const renamed = await app(
      "/account/passkeys",
      formPost({ intent: "passkey-rename", passkeyId: passkey.id, name: "Work laptop" }, user.cookie),
    );
    expect(renamed.status).toBe(302);
    expect((await (await db()).passkey.findUniqueOrThrow({ where: { id: passkey.id } })).name).toBe("Work laptop");
    const empty = await app(
      "/account/passkeys",
      formPost({ intent: "passkey-rename", passkeyId: passkey.id, name: " " }, user.cookie),
    );
    expect(empty.status).toBe(400);

    const badBody = await app("/account/passkeys/verify", postJson({ name: "X", response: { id: "" } }, user.cookie));
    expect(badBody.status).toBe(400);
    expect((await json(badBody)).error).toBeTruthy();
    const badPurpose = await app("/auth/passkey/options", postJson({ purpose: "everything" }));
    expect(badPurpose.status).toBe(400);
    const noPending = await app("/auth/passkey/options", postJson({ purpose: "second-factor" }));
    expect(noPending.status).toBe(409);

    // An hour-old session cannot add or remove one.
    await (
      await db()
    ).session.updateMany({ where: { userId: user.id }, data: { createdAt: new Date(Date.now() - 60 * 60_000) } });
    const staleOptions = await app("/account/passkeys/options", postJson({}, user.cookie));
    expect(staleOptions.status).toBe(403);
    expect((await json(staleOptions)).error).toBe(NEEDS_RECENT_SIGN_IN);
    const staleRemove = await app(
      "/account/passkeys",
      formPost({ intent: "passkey-remove", passkeyId: passkey.id }, user.cookie),
    );
    expect(staleRemove.status).toBe(403);
    expect(await (await db()).passkey.count({ where: { userId: user.id } })).toBe(1);
    const stalePage = await (await app("/account/passkeys", { headers: { Cookie: user.cookie } })).text();
    expect(stalePage).toContain("Sign in again");

    // Fresh again: removed, and the password alone signs in.
    await (await db()).session.updateMany({ where: { userId: user.id }, data: { createdAt: new Date() } });
    const removed = await app(
      "/account/passkeys",
      formPost({ intent: "passkey-remove", passkeyId: passkey.id }, user.cookie),
    );
    expect(removed.status).toBe(302);
    expect(await (await db()).passkey.count({ where: { userId: user.id } })).toBe(0);
    const password = await app("/signin", formPost({ email: user.email, password: PASSWORD }), {
      clientIp: "10.54.0.1",
    });
    expect(password.headers.get("Location"), await password.clone().text()).toBe("/dashboard");
    expect(await trail(user.id)).toEqual(expect.arrayContaining(["passkey.renamed", "passkey.removed"]));
  });
});
