// Requests Voxlate makes to addresses users give it: URL imports and webhooks. SSRF refusals (loopback, private,
// link-local and metadata addresses, IPv6 loopback, a redirect to a private address), the import itself from a local
// server, and webhooks: Standard Webhooks signatures, retries against a receiver that fails twice, the delivery log,
// resend and secret rotation. A local receiver is reachable only with OUTBOUND_ALLOW_LOOPBACK=1 (tests only).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { isForbiddenAddress, outboundRequest, OutboundUrlError } from "~/modules/platform/outbound-http.server";
import { TRANSCRIBE_QUEUE } from "~/modules/recordings/transcription-queue.server";
import {
  deliverWebhook,
  KEPT_ATTEMPTS,
  openWebhookSecret,
  sealClearWebhookSecrets,
  WEBHOOK_QUEUE,
  WEBHOOK_RETRIES,
} from "~/modules/webhooks/webhooks.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor, waitForQueuesIdle } from "./helpers";
import { mockServer } from "../mocks/server";
import { sharedFile } from "../shared-files";

/** Two spoken words (1.3 s): for tests of what follows a transcription, not of its words. */
const HELLO_WORLD = sharedFile("testdata/audio/hello-world.wav");

let app: Awaited<ReturnType<typeof appHandler>>;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

/** A local HTTP server: `answer` decides each response; every request is recorded. */
async function receiver(answer: (request: http.IncomingMessage, response: http.ServerResponse, index: number) => void) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body, url: request.url ?? "" });
      answer(request, response, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, received };
}

const servers: http.Server[] = [];

beforeAll(async () => {
  // No MSW in this file: its `http.request` interceptor (MSW 2.15, @mswjs/interceptors 0.41) passes a loopback
  // request through its own socket and closes that socket as soon as the real one closes, so a response body that is
  // not read at once (the import checks the plan and the disk between the headers and the body) ends in
  // "Error: aborted" (mswjs/interceptors#794). This file calls no third-party API; each test file runs in its own
  // process, so the others keep the interception.
  mockServer.close();
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  for (const server of servers) server.close();
  await stopJobs();
});

async function createKey(cookie: string) {
  const body = new URLSearchParams({ intent: "api-key-create", name: "Key", scopes: "write" });
  body.append("scopes", "read");
  const html = await (
    await app("/account?developer", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    })
  ).text();
  return /value="(vxk_[A-Za-z0-9_-]{43})"/.exec(html)![1];
}

const importUrl = (key: string, url: string) =>
  app("/api/v1/recordings/import", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ url, language: "en" }),
  });

function accountForm(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return app("/account?developer", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** The signing secret the page shows once after adding an endpoint or rotating its secret (no JavaScript). */
async function shownSecret(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const secret = /value="(whsec_[A-Za-z0-9+/]{43}=)"/.exec(await response.text())?.[1];
  expect(secret, "the signing secret is shown on the page").toBeTruthy();
  return secret!;
}

describe("SSRF refusals", () => {
  test("loopback, private, link-local, metadata, CGNAT and IPv6 local addresses are forbidden; public ones are not", () => {
    for (const address of [
      "127.0.0.1",
      "127.1.2.3",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "64:ff9b::a00:1",
    ]) {
      expect(isForbiddenAddress(address, { allowLoopback: false }), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) {
      expect(isForbiddenAddress(address, { allowLoopback: false }), address).toBe(false);
    }
    // The tests' switch opens loopback only, never private networks or the metadata address.
    expect(isForbiddenAddress("127.0.0.1", { allowLoopback: true })).toBe(false);
    expect(isForbiddenAddress("::1", { allowLoopback: true })).toBe(false);
    expect(isForbiddenAddress("10.0.0.1", { allowLoopback: true })).toBe(true);
    expect(isForbiddenAddress("169.254.169.254", { allowLoopback: true })).toBe(true);
  });

  test("the import route refuses 127.0.0.1, 10.x, 169.254.169.254, [::1] and localhost before connecting", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const target = await receiver((_request, response) => response.end("never"));
    const port = new URL(target.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/a.mp3`,
      "http://10.1.2.3/a.mp3",
      "http://169.254.169.254/latest/meta-data/",
      `http://[::1]:${port}/a.mp3`,
      `http://localhost:${port}/a.mp3`,
      "http://[::ffff:127.0.0.1]/a.mp3",
    ]) {
      const response = await importUrl(key, url);
      expect(response.status, url).toBe(422);
      expect(response.headers.get("Content-Type")).toBe("application/problem+json");
      expect(((await response.json()) as { detail: string }).detail, url).toMatch(
        /is a private or local address\. Only public internet addresses can be used\.$/,
      );
    }
    expect(target.received).toHaveLength(0);
    const other = await importUrl(key, "file:///etc/passwd");
    expect(other.status).toBe(422);
    expect(((await other.json()) as { detail: string }).detail).toBe(
      "Only https:// and http:// addresses can be used.",
    );
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a redirect to a private address is refused after the first, allowed, hop", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => {
      response.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    });
    await expect(outboundRequest(`${target.url}/podcast.mp3`, { timeoutMs: 5000 })).rejects.toThrow(
      new OutboundUrlError(
        "169.254.169.254 is a private or local address. Only public internet addresses can be used.",
      ),
    );
    expect(target.received).toHaveLength(1);

    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const viaApi = await importUrl(key, `${target.url}/episode.mp3`);
    expect(viaApi.status).toBe(422);
    const toTen = await receiver((_request, response) => {
      response.writeHead(307, { Location: "http://10.0.0.5/internal.mp3" });
      response.end();
    });
    const refused = await importUrl(key, `${toTen.url}/x.mp3`);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toContain("10.0.0.5 is a private or local address");
  });

  test("without the tests' switch a loopback receiver is refused even in tests", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "0");
    const target = await receiver((_request, response) => response.end());
    await expect(outboundRequest(target.url, { timeoutMs: 5000 })).rejects.toBeInstanceOf(OutboundUrlError);
    expect(target.received).toHaveLength(0);
  });
});

describe("import from a URL", () => {
  test("a public file (here a loopback server, by the tests' switch) is streamed in, after a redirect, and transcribed", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const audio = fs.readFileSync(HELLO_WORLD);
    const source = await receiver((request, response) => {
      if (request.url === "/latest") {
        response.writeHead(302, { Location: "/files/hello-speech.wav" });
        return response.end();
      }
      response.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": audio.length });
      response.end(audio);
    });
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const response = await importUrl(key, `${source.url}/latest`);
    expect(response.status, await response.clone().text()).toBe(201);
    const recording = (await response.json()) as { id: string; title: string; status: string };
    expect(recording.title).toBe("hello-speech");
    // The answer re-reads the row after queueing it: the in-process worker (polling every 0.5 s) may have started.
    expect(["queued", "processing"]).toContain(recording.status);
    expect(source.received.map((request) => request.url)).toEqual(["/latest", "/files/hello-speech.wav"]);
    await waitFor(
      () => db().then((database) => database.recording.findUniqueOrThrow({ where: { id: recording.id } })),
      (row) => row.status === "COMPLETED",
      90_000,
    );
  });

  test("refusals: not found (422), over the plan's size limit (413), not audio (415); the dashboard form says so", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const source = await receiver((request, response) => {
      if (request.url === "/missing") {
        response.writeHead(404);
        return response.end();
      }
      if (request.url === "/huge") {
        // Says nothing of its size and keeps sending: cut off at the Free plan's 50 MB.
        response.writeHead(200, { "Content-Type": "audio/mpeg" });
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const write = () => {
          while (sent < 60 && response.write(chunk)) sent++;
          if (sent < 60) response.once("drain", write);
          else response.end();
        };
        response.on("error", () => {});
        return write();
      }
      response.end("<html>not audio</html>");
    });
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const missing = await importUrl(key, `${source.url}/missing`);
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: string }).detail).toBe(
      "The address answered with HTTP 404, not an audio file.",
    );
    const huge = await importUrl(key, `${source.url}/huge`);
    expect(huge.status).toBe(413);
    const page = await importUrl(key, `${source.url}/page`);
    expect(page.status).toBe(415);

    const form = await app("/dashboard?import", {
      method: "POST",
      headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ url: "http://10.9.9.9/a.mp3" }),
    });
    expect(form.status).toBe(422);
    expect(await form.text()).toContain("10.9.9.9 is a private or local address.");
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
  });
});

/** Checks a delivery as a receiver would, with the Standard Webhooks algorithm written out independently. */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string) {
  const id = String(headers["webhook-id"]);
  const timestamp = String(headers["webhook-timestamp"]);
  const key = Buffer.from(secret.split("_")[1], "base64");
  const expected = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  const signatures = String(headers["webhook-signature"])
    .split(" ")
    .map((entry) => entry.split(",")[1]);
  return signatures.includes(expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

describe("webhooks", () => {
  test("endpoints obey the same SSRF rules; another user cannot touch them", async () => {
    const user = await signedInUser();
    const refused = await accountForm(user.cookie, {
      intent: "webhook-create",
      url: "http://169.254.169.254/hook",
      events: "transcription.completed",
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("169.254.169.254 is a private or local address.");
    const noEvents = await accountForm(user.cookie, { intent: "webhook-create", url: "https://example.com/hook" });
    expect(noEvents.status).toBe(400);
    expect(await noEvents.text()).toContain("Choose at least one event.");

    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => response.end());
    const added = await accountForm(user.cookie, {
      intent: "webhook-create",
      url: `${target.url}/hook`,
      events: ["transcription.completed"],
    });
    // The secret is shown once, in the answer to the form; no later view of the page has it.
    const secret = await shownSecret(added);
    const endpoint = await (await db()).webhookEndpoint.findFirstOrThrow({ where: { userId: user.id } });
    // Stored sealed under the secrets key, not in clear: a copy of the database does not give it away.
    expect(endpoint.secret).not.toContain(secret.slice("whsec_".length, 20));
    expect(openWebhookSecret(endpoint.secret)).toBe(secret);
    const later = await (await app("/account", { headers: { Cookie: user.cookie } })).text();
    expect(later).toContain(`${target.url}/hook`);
    expect(later).not.toContain(secret);
    expect(later).not.toContain("whsec_");
    const other = await signedInUser();
    expect((await accountForm(other.cookie, { intent: "webhook-delete", endpointId: endpoint.id })).status).toBe(404);
    expect((await accountForm(other.cookie, { intent: "webhook-rotate", endpointId: endpoint.id })).status).toBe(404);
    expect(await (await db()).webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);
  });

  test("transcription.completed is delivered once through the queue, signed in the Standard Webhooks format", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => response.writeHead(204).end());
    const user = await signedInUser();
    await accountForm(user.cookie, {
      intent: "webhook-create",
      url: `${target.url}/hook`,
      events: ["transcription.completed", "transcription.failed"],
    });
    const secret = openWebhookSecret(
      (await (await db()).webhookEndpoint.findFirstOrThrow({ where: { userId: user.id } })).secret,
    );
    const key = await createKey(user.cookie);
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(HELLO_WORLD)]), "hello-world.wav");
    const created = await app("/api/v1/recordings", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    const { id } = (await created.json()) as { id: string };
    await waitFor(
      async () => target.received.length,
      (count) => count >= 1,
      90_000,
    );
    // A second delivery would be queued by the transcription job or by a retry: once both queues are idle, none can come.
    await waitForQueuesIdle(TRANSCRIBE_QUEUE, WEBHOOK_QUEUE);
    expect(target.received).toHaveLength(1);
    const [delivery] = target.received;
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["webhook-id"]).toMatch(/^msg_/);
    expect(verifyStandardWebhook(secret, delivery.headers, delivery.body)).toBe(true);
    expect(verifyStandardWebhook(secret, delivery.headers, delivery.body.replace("completed", "failed"))).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: "transcription.completed",
      data: { recordingId: id, status: "completed" },
    });
    const logged = await waitFor(
      () =>
        db().then((database) =>
          database.webhookDelivery.findUniqueOrThrow({ where: { id: String(delivery.headers["webhook-id"]) } }),
        ),
      (row) => row.status === "SUCCEEDED",
    );
    expect(logged).toMatchObject({ attempts: 1, lastStatusCode: 204, lastError: null });
  });

  test("a receiver that fails twice gets the same delivery a third time; the log shows each attempt; resend and rotation", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response, index) => {
      if (index < 2) return response.writeHead(503).end("busy, try later");
      response.writeHead(200).end("ok");
    });
    const user = await signedInUser();
    await accountForm(user.cookie, { intent: "webhook-create", url: `${target.url}/h`, events: "summary.completed" });
    const endpoint = await (await db()).webhookEndpoint.findFirstOrThrow({ where: { userId: user.id } });

    // The job's handler, attempt by attempt, as pg-boss runs it: a failure throws, so that pg-boss retries it.
    await emitWebhookEventWithoutQueue(user.id);
    const { id } = await (await db()).webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    await expect(deliverWebhook(id, { finalAttempt: false })).rejects.toThrow("HTTP 503");
    let row = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      status: "PENDING",
      attempts: 1,
      lastStatusCode: 503,
      lastError: "HTTP 503: busy, try later",
    });
    await expect(deliverWebhook(id, { finalAttempt: false })).rejects.toThrow("HTTP 503");
    await deliverWebhook(id, { finalAttempt: false });
    row = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "SUCCEEDED", attempts: 3, lastStatusCode: 200, lastError: null });
    expect(new Set(target.received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([id]));
    expect(new Set(target.received.map((request) => request.body)).size).toBe(1);
    for (const request of target.received)
      expect(verifyStandardWebhook(openWebhookSecret(endpoint.secret), request.headers, request.body)).toBe(true);

    // Each attempt is logged on its own, in order: its number, time, status code or error, and duration.
    const attempts = await (
      await db()
    ).webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { number: "asc" } });
    expect(attempts.map(({ number, statusCode, error }) => ({ number, statusCode, error }))).toEqual([
      { number: 1, statusCode: 503, error: "HTTP 503: busy, try later" },
      { number: 2, statusCode: 503, error: "HTTP 503: busy, try later" },
      { number: 3, statusCode: 200, error: null },
    ]);
    for (const attempt of attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(attempts[0].attemptedAt.getTime()).toBeLessThanOrEqual(attempts[1].attemptedAt.getTime());
    expect(attempts[1].attemptedAt.getTime()).toBeLessThanOrEqual(attempts[2].attemptedAt.getTime());

    // The log on the account page: the event, its result, and each attempt with its answer.
    const page = (await (await app("/account", { headers: { Cookie: user.cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toContain("summary.completed");
    expect(page).toContain("Delivered (HTTP 200) · 3 attempts");
    const listed = [...page.matchAll(/<li[^>]*>#(\d+) · [^<]+? · ([^<]+?) · (\d+) ms<\/li>/g)].map((match) => [
      Number(match[1]),
      match[2],
    ]);
    expect(listed).toEqual([
      [1, "HTTP 503: busy, try later"],
      [2, "HTTP 503: busy, try later"],
      [3, "HTTP 200"],
    ]);

    // Rotation (a plain form): the new secret is shown once, and the next delivery is signed with it only.
    const rotatedSecret = await shownSecret(
      await accountForm(user.cookie, { intent: "webhook-rotate", endpointId: endpoint.id }),
    );
    const rotated = await (await db()).webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(openWebhookSecret(rotated.secret)).toBe(rotatedSecret);
    expect(openWebhookSecret(rotated.secret)).not.toBe(openWebhookSecret(endpoint.secret));
    expect(await (await app("/account", { headers: { Cookie: user.cookie } })).text()).not.toContain(rotatedSecret);

    // Resend from the log goes through the queue, same webhook-id and body, new signature.
    expect((await accountForm(user.cookie, { intent: "webhook-resend", deliveryId: id })).status).toBe(302);
    await waitFor(
      async () => target.received.length,
      (count) => count === 4,
    );
    const resent = target.received[3];
    expect(resent.headers["webhook-id"]).toBe(id);
    // The resend's attempt carries on the delivery's numbering.
    const afterResend = await waitFor(
      () => db().then((database) => database.webhookAttempt.findMany({ where: { deliveryId: id } })),
      (rows) => rows.length === 4,
    );
    expect(afterResend.find((attempt) => attempt.number === 4)).toMatchObject({ statusCode: 200, error: null });
    expect(verifyStandardWebhook(rotatedSecret, resent.headers, resent.body)).toBe(true);
    expect(verifyStandardWebhook(openWebhookSecret(endpoint.secret), resent.headers, resent.body)).toBe(false);
    const other = await signedInUser();
    expect((await accountForm(other.cookie, { intent: "webhook-resend", deliveryId: id })).status).toBe(404);
  });

  test("the last attempt marks the delivery failed; the retry policy ends within 24 hours", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => response.writeHead(500).end());
    const user = await signedInUser();
    await accountForm(user.cookie, { intent: "webhook-create", url: target.url, events: "summary.completed" });
    await emitWebhookEventWithoutQueue(user.id);
    const { id } = await (await db()).webhookDelivery.findFirstOrThrow({ where: { endpoint: { userId: user.id } } });
    await deliverWebhook(id, { finalAttempt: true });
    expect(await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "FAILED",
      lastStatusCode: 500,
    });
    expect(await (await db()).webhookAttempt.findMany({ where: { deliveryId: id } })).toEqual([
      expect.objectContaining({ number: 1, statusCode: 500, error: "HTTP 500" }),
    ]);
    // pg-boss waits at most retryDelay·2^n before the n-th retry: the sum over every retry.
    const { retryLimit, retryDelay } = WEBHOOK_RETRIES;
    let longest = 0;
    for (let retry = 1; retry <= retryLimit; retry++) longest += retryDelay * 2 ** retry;
    expect(longest).toBeLessThanOrEqual(24 * 60 * 60);
    expect(longest).toBeGreaterThan(20 * 60 * 60);
  });

  test("an endpoint whose secret was stored in clear (before sealing) still signs, and is sealed by the sweep", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => response.writeHead(204).end());
    const user = await signedInUser();
    await accountForm(user.cookie, { intent: "webhook-create", url: target.url, events: "summary.completed" });
    const legacySecret = `whsec_${crypto.randomBytes(32).toString("base64")}`;
    const database = await db();
    const { id: endpointId } = await database.webhookEndpoint.findFirstOrThrow({ where: { userId: user.id } });
    await database.webhookEndpoint.update({ where: { id: endpointId }, data: { secret: legacySecret } });

    expect(await sealClearWebhookSecrets()).toBeGreaterThanOrEqual(1);
    const sealed = await database.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(sealed.secret.startsWith("whsec_")).toBe(false);
    expect(openWebhookSecret(sealed.secret)).toBe(legacySecret);
    expect(await database.webhookEndpoint.count({ where: { secret: { startsWith: "whsec_" } } })).toBe(0);

    await emitWebhookEventWithoutQueue(user.id);
    const { id } = await database.webhookDelivery.findFirstOrThrow({ where: { endpointId } });
    await deliverWebhook(id, { finalAttempt: true });
    expect(target.received).toHaveLength(1);
    expect(verifyStandardWebhook(legacySecret, target.received[0].headers, target.received[0].body)).toBe(true);
  });
});

describe("the delivery log stays bounded", () => {
  test("a delivery sent again and again keeps only its latest attempts", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const target = await receiver((_request, response) => response.writeHead(502).end());
    const user = await signedInUser();
    await accountForm(user.cookie, { intent: "webhook-create", url: target.url, events: "summary.completed" });
    await emitWebhookEventWithoutQueue(user.id);
    const { id } = await (await db()).webhookDelivery.findFirstOrThrow({ where: { endpoint: { userId: user.id } } });
    for (let attempt = 0; attempt < KEPT_ATTEMPTS + 2; attempt++) await deliverWebhook(id, { finalAttempt: true });
    const kept = await (await db()).webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { number: "asc" } });
    expect(kept.map((attempt) => attempt.number)).toEqual(
      Array.from({ length: KEPT_ATTEMPTS }, (_, index) => index + 3),
    );
    expect(await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
      attempts: KEPT_ATTEMPTS + 2,
    });
  });
});

/** Records a summary.completed delivery without queueing it, so that the test runs each attempt itself. */
async function emitWebhookEventWithoutQueue(userId: string) {
  const database = await db();
  const endpoints = await database.webhookEndpoint.findMany({ where: { userId } });
  for (const endpoint of endpoints) {
    await database.webhookDelivery.create({
      data: {
        id: `msg_${crypto.randomUUID().replace(/-/g, "")}`,
        endpointId: endpoint.id,
        event: "summary.completed",
        payload: JSON.stringify({
          type: "summary.completed",
          timestamp: new Date().toISOString(),
          data: { recordingId: "r1" },
        }),
      },
    });
  }
}
