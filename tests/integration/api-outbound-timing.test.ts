// @both-databases: the slots of URL imports in flight, one atomic upsert each in app/modules/platform/in-flight.server.ts
// The outbound requests' clocks, shortened for this file (read once at start-up, so set before anything loads):
// webhook retries run by the real pg-boss worker against a local receiver that fails twice, and a URL import that
// gives up on a server which never finishes its body. Also the import route's 401 and 403.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { emitWebhookEvent, WEBHOOK_QUEUE, WEBHOOK_RETRIES } from "~/modules/webhooks/webhooks.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor, waitForQueuesIdle } from "./helpers";
import { mockServer } from "../mocks/server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

vi.hoisted(() => {
  process.env.WEBHOOK_RETRY_BASE_SECONDS = "1";
  process.env.URL_IMPORT_TIMEOUT_SECONDS = "2";
});

let app: Awaited<ReturnType<typeof appHandler>>;
const servers: http.Server[] = [];

/** A local HTTP server: `answer` handles each request, by its index. */
async function localServer(
  answer: (request: http.IncomingMessage, response: http.ServerResponse, index: number) => void,
) {
  let index = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => answer(request, response, index++));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // No MSW: its interceptor breaks loopback responses read later (see api-outbound.test.ts); nothing here is mocked.
  mockServer.close();
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 0.5, mailTransport: testOutbox() });
});
afterEach(() => vi.unstubAllEnvs());
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  for (const server of servers) server.close();
  await stopJobs();
});

describe("webhook retries through pg-boss", () => {
  test("a receiver failing twice (500) gets the third attempt from the queue; the log shows 500, 500, 200", async () => {
    expect(WEBHOOK_RETRIES.retryDelay).toBe(1);
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const received: { id: string; at: number }[] = [];
    const url = await localServer((request, response, index) => {
      received.push({ id: String(request.headers["webhook-id"]), at: Date.now() });
      response.writeHead(index < 2 ? 500 : 200).end(index < 2 ? "down" : "ok");
    });
    const user = await signedInUser();
    await (
      await db()
    ).webhookEndpoint.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        url,
        events: ["summary.completed"],
        secret: "whsec_dGVzdA==",
      },
    });

    await emitWebhookEvent(await personalWorkspaceId(user.id), "summary.completed", { recordingId: "r1" });
    const delivery = await waitFor(
      () =>
        db().then((database) =>
          database.webhookDelivery.findFirstOrThrow({ where: { endpoint: { userId: user.id } } }),
        ),
      (row) => row.status === "SUCCEEDED",
      30_000,
    );
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 200 });
    const attempts = await (
      await db()
    ).webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { number: "asc" } });
    expect(attempts.map(({ number, statusCode, error }) => ({ number, statusCode, error }))).toEqual([
      { number: 1, statusCode: 500, error: "HTTP 500: down" },
      { number: 2, statusCode: 500, error: "HTTP 500: down" },
      { number: 3, statusCode: 200, error: null },
    ]);
    // The same delivery three times, each retry after pg-boss's backoff (1–2 s, then 2–4 s at a 1 s base).
    expect(received.map((request) => request.id)).toEqual([delivery.id, delivery.id, delivery.id]);
    expect(received[1].at - received[0].at).toBeGreaterThanOrEqual(900);
    expect(received[2].at - received[1].at).toBeGreaterThanOrEqual(1900);
    // Nothing is sent after the success: a retry would still be in the queue's backlog.
    await waitForQueuesIdle(WEBHOOK_QUEUE);
    expect(received).toHaveLength(3);
  });
});

describe("import from a URL", () => {
  const importUrl = (key: string | null, address: string) =>
    app("/api/v1/recordings/import", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ url: address }),
    });

  test("a server that never finishes the body: given up after the timeout, a 422 problem, nothing kept", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const url = await localServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": "1000000" });
      response.write(Buffer.alloc(1000));
      // …and never the rest.
    });
    const user = await signedInUser();
    const { key } = await createApiKey(user.id, "import", ["read", "write"]);
    const started = Date.now();
    const response = await importUrl(key, `${url}/stalled.mp3`);
    const elapsed = Date.now() - started;
    expect(response.status).toBe(422);
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(((await response.json()) as { detail: string }).detail).toBe(
      "127.0.0.1 did not send the file in time. Try a direct link to the audio file.",
    );
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(15_000);
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
    const partial = fs.existsSync(dataDir("tmp")) ? fs.readdirSync(dataDir("tmp")) : [];
    expect(partial.filter((name) => name.startsWith("import-"))).toEqual([]);
  });

  test("without a key 401, with a read-only key 403, both problems, and the address is never fetched", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    let fetched = 0;
    const url = await localServer((_request, response) => {
      fetched++;
      response.writeHead(404).end();
    });
    const anonymous = await importUrl(null, `${url}/a.mp3`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Content-Type")).toBe("application/problem+json");
    const user = await signedInUser();
    const { key } = await createApiKey(user.id, "reader", ["read"]);
    const reader = await importUrl(key, `${url}/a.mp3`);
    expect(reader.status).toBe(403);
    expect(((await reader.json()) as { detail: string }).detail).toBe("This API key does not have the write scope.");
    expect(fetched).toBe(0);
  });

  test("one account may run two imports at once: a third is a 429 with a sentence and is never fetched", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    let arrivals = 0;
    let arrived: () => void = () => {};
    const url = await localServer((_request, response) => {
      arrivals++;
      arrived();
      // Headers and a little of the body, then nothing: held until the import's timeout (2 s in this file).
      response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": "1000000" });
      response.write(Buffer.alloc(1000));
    });
    const waitForArrivals = (count: number) =>
      new Promise<void>((resolve) => {
        arrived = () => arrivals >= count && resolve();
        arrived();
      });
    const user = await signedInUser();
    const { key } = await createApiKey(user.id, "imports", ["read", "write"]);

    const running = [importUrl(key, `${url}/one.mp3`), importUrl(key, `${url}/two.mp3`)];
    await waitForArrivals(2);
    const third = await importUrl(key, `${url}/three.mp3`);
    expect(third.status).toBe(429);
    expect(third.headers.get("Content-Type")).toBe("application/problem+json");
    expect(((await third.json()) as { detail: string }).detail).toBe(
      "You already have 2 imports from a URL in progress. Please wait for one to finish, then try again.",
    );
    expect(arrivals).toBe(2);

    // Another account is not held back by this one's imports.
    const other = await signedInUser();
    const otherImport = importUrl((await createApiKey(other.id, "other", ["read", "write"])).key, `${url}/four.mp3`);
    await waitForArrivals(3);

    // Once the two have ended (timed out), the account may import again.
    expect((await Promise.all(running)).map((response) => response.status)).toEqual([422, 422]);
    const again = importUrl(key, `${url}/five.mp3`);
    await waitForArrivals(4);
    expect((await again).status).toBe(422);
    expect((await otherImport).status).toBe(422);
  });
});
