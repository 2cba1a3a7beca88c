// Issue 33: a passkey answer made for another origin is refused by the real server, as `npm start` runs it behind its
// cross-site guard. The server's public origin (APP_URL) is http://localhost:<port>; a page loaded from
// http://127.0.0.1:<port> (the same server under another name), another port or another site makes a browser write
// that origin into the signed client data, and the answer must not sign anyone in or add a passkey (ADR 039).
import { afterAll, beforeAll, expect, test } from "vitest";
import { startAppServer, type AppServer } from "../../bench/app-server";
import { SoftwareAuthenticator } from "../integration/software-authenticator";

const WRONG_ORIGIN =
  "This passkey answer was made for another website, not for this address of Voxlate, so it was refused.";

let server: AppServer;
let appOrigin: string;
let authenticator: SoftwareAuthenticator;

beforeAll(async () => {
  server = await startAppServer("passkey-origin");
  const port = new URL(server.origin).port;
  appOrigin = `http://localhost:${port}`;
  authenticator = new SoftwareAuthenticator({ origin: appOrigin, rpId: "localhost" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A same-origin JSON post as the page at `pageOrigin` would send it (its Origin header passes the cross-site guard). */
async function post(path: string, body: unknown, { cookie = "", pageOrigin = server.origin } = {}) {
  const response = await fetch(server.origin + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: pageOrigin, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    redirect: "manual",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

const challengeOf = (body: Record<string, unknown>) => body.challenge as string;

test("adding a passkey: only an answer for APP_URL's origin and rpID is kept", async () => {
  for (const origin of [server.origin, "https://evil.example", appOrigin.replace(/:\d+$/, ":1")]) {
    const options = await post("/account/passkeys/options", {}, { cookie: server.cookie });
    expect(options.status).toBe(200);
    const refused = await post(
      "/account/passkeys/verify",
      { name: "Elsewhere", response: new SoftwareAuthenticator().register(challengeOf(options.body), { origin }) },
      { cookie: server.cookie },
    );
    expect(refused.status, origin).toBe(400);
    expect(refused.body.error).toBe(WRONG_ORIGIN);
  }
  const options = await post("/account/passkeys/options", {}, { cookie: server.cookie });
  const otherRp = await post(
    "/account/passkeys/verify",
    {
      name: "Elsewhere",
      response: new SoftwareAuthenticator().register(challengeOf(options.body), { rpId: "127.0.0.1" }),
    },
    { cookie: server.cookie },
  );
  expect(otherRp.status).toBe(400);

  const good = await post("/account/passkeys/options", {}, { cookie: server.cookie });
  const added = await post(
    "/account/passkeys/verify",
    { name: "Laptop", response: authenticator.register(challengeOf(good.body)) },
    { cookie: server.cookie },
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
});

test("signing in: an answer made on 127.0.0.1 or another site signs no one in; the right origin does", async () => {
  for (const origin of [server.origin, "https://evil.example"]) {
    const options = await post("/auth/passkey/options", { purpose: "sign-in" });
    expect(options.status).toBe(200);
    const refused = await post("/auth/passkey/verify", {
      purpose: "sign-in",
      response: authenticator.assert(challengeOf(options.body), "user", { origin }),
    });
    expect(refused.status, origin).toBe(400);
    expect(refused.body.error).toBe(WRONG_ORIGIN);
    expect(refused.response.headers.getSetCookie().join()).not.toContain("voxlate_session=");
  }
  const options = await post("/auth/passkey/options", { purpose: "sign-in" });
  const signedIn = await post("/auth/passkey/verify", {
    purpose: "sign-in",
    response: authenticator.assert(challengeOf(options.body), "user"),
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.response.headers.getSetCookie().join()).toContain("voxlate_session=");
});
