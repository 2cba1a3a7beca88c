// Issue 30, item 4: state-changing requests a browser sends for another website are refused, whatever the cookie's
// SameSite rule; the app's own pages (forms without JavaScript included), scripts without an Origin, the REST API,
// SCIM and Stripe's webhook are not affected. Against the real server, as `npm start` runs it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withAppDatabase } from "../../bench/app-server";
import { refusalProblems, startSecurityServer, type SecurityServer } from "./fixtures";

const REFUSAL = "This request came from another website, so it was refused. Open Voxlate directly and try again.";
const EVIL = "https://evil.example";

let server: SecurityServer;
let apiKey: string;

beforeAll(async () => {
  server = await startSecurityServer("cross-site");
  apiKey = await withAppDatabase(server.dataDir, async (prisma) => {
    const session = await prisma.session.findFirstOrThrow();
    const { createApiKey } = await import("~/modules/developers/api-keys.server");
    return (await createApiKey(session.userId, "cross-site test", ["read", "write"])).key;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
  const response = await fetch(server.origin + path, { redirect: "manual", ...init });
  const body = await response.text();
  const contentType = response.headers.get("Content-Type") ?? "";
  return { status: response.status, body, contentType, problems: refusalProblems(response.status, contentType, body) };
}

const startLive = (headers: Record<string, string>) =>
  send("/api/live-sessions", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: server.cookie, ...headers },
    body: JSON.stringify({ mimeType: "audio/webm;codecs=opus", language: "en" }),
  });

const liveSessions = () => withAppDatabase(server.dataDir, (prisma) => prisma.liveSessionHost.count());

describe("a foreign page cannot act with the user's cookie", () => {
  test.each([
    ["a foreign Origin", { Origin: EVIL }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Origin: null (a sandboxed frame)", { Origin: "null" }],
    ["a sibling site", { Origin: "https://evil.localhost", "Sec-Fetch-Site": "same-site" }],
  ])("%s: starting a live session is 403 with a sentence, and nothing starts", async (_name, headers) => {
    const before = await liveSessions();
    const result = await startLive(headers);
    expect(result.status, result.body).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ error: REFUSAL });
    expect(result.problems).toEqual([]);
    expect(await liveSessions()).toBe(before);
  });

  test("uploads, sign-out and the admin's reply are refused too; the session still works after", async () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(16)]), "x.wav");
    const refused = [
      await send("/api/recordings", { method: "POST", headers: { Cookie: server.cookie, Origin: EVIL }, body: form }),
      await send("/api/uploads", {
        method: "POST",
        headers: { Cookie: server.cookie, Origin: EVIL, "Tus-Resumable": "1.0.0", "Upload-Length": "100" },
      }),
      await send("/api/logout", { method: "POST", headers: { Cookie: server.cookie, Origin: EVIL } }),
      await send("/api/admin/chat/sessions/any/respond", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: server.adminCookie, Origin: EVIL },
        body: JSON.stringify({ content: "Hello from elsewhere" }),
      }),
    ];
    expect(refused.map((result) => result.status)).toEqual([403, 403, 403, 403]);
    for (const result of refused) expect(JSON.parse(result.body)).toEqual({ error: REFUSAL });
    const user = await fetch(`${server.origin}/api/user`, { headers: { Cookie: server.cookie } });
    expect(user.status).toBe(200);
  });

  test("a page's form post from a foreign site gets a page that says why", async () => {
    const result = await send("/cookie-consent", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: EVIL, Accept: "text/html" },
      body: new URLSearchParams({ intent: "decline" }).toString(),
    });
    expect(result.status).toBe(403);
    expect(result.contentType).toMatch(/^text\/html/);
    expect(result.body).toContain(REFUSAL);
    expect(result.problems).toEqual([]);
  });
});

describe("what stays allowed", () => {
  test("the app's own pages: a form post (no JavaScript) from the server's origin or the public origin", async () => {
    const publicOrigin = new URL(process.env.APP_URL!).origin;
    for (const origin of [server.origin, publicOrigin]) {
      const result = await send("/cookie-consent", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-site" },
        body: new URLSearchParams({ intent: "decline" }).toString(),
      });
      expect(result.status, `${origin}: ${result.body.slice(0, 200)}`).toBe(303);
    }
    // A same-origin page whose Referrer-Policy hides its origin: the browser still says it is the same origin.
    const hidden = await send("/cookie-consent", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "null",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ intent: "decline" }).toString(),
    });
    expect(hidden.status).toBe(303);
  });

  test("a request that names no origin (curl, a script, an older browser) and the app's own origin", async () => {
    for (const headers of [{}, { Origin: server.origin }] as Record<string, string>[]) {
      const started = await startLive(headers);
      expect(started.status, started.body).toBe(201);
      const { id } = JSON.parse(started.body) as { id: string };
      const cancelled = await fetch(`${server.origin}/api/live-sessions/${id}`, {
        method: "DELETE",
        headers: { Cookie: server.cookie, ...headers },
      });
      expect(cancelled.ok).toBe(true);
    }
  });

  test("the REST API (key-authenticated, its tus endpoint included), SCIM and Stripe's webhook do not look at Origin", async () => {
    const created = await send("/api/v1/uploads", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey}`,
        Origin: EVIL,
        "Sec-Fetch-Site": "cross-site",
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "1000",
      },
    });
    expect(created.status, created.body).toBe(201);
    const webhook = await send("/api/billing/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: EVIL, "Stripe-Signature": "t=1,v1=bad" },
      body: "{}",
    });
    // Refused for its signature (or because billing is not set up), not for where it came from.
    expect(webhook.status).not.toBe(403);
    expect(webhook.body).not.toContain(REFUSAL);
    // SCIM (ADR 042) is authenticated by its token: a foreign Origin is not why it is refused, and its answer is SCIM's.
    const scim = await send("/scim/v2/Users", {
      method: "POST",
      headers: { "Content-Type": "application/scim+json", Origin: EVIL, Authorization: "Bearer vxs_not-a-token" },
      body: JSON.stringify({ userName: "someone@example.com" }),
    });
    expect(scim.status, scim.body).toBe(401);
    expect(JSON.parse(scim.body)).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "401",
    });
    expect(scim.problems).toEqual([]);
  });
});
