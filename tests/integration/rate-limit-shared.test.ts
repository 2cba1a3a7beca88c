// @both-databases: atomic upserts of shared counts in app/modules/platform/rate-limit-store.server.ts and app/modules/platform/failure-counters.server.ts
// Rate limits counted in the database: two web servers (each its own rateLimits(), as two processes would have)
// on one database enforce one limit between them. tests/scale/ proves the same with real processes.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { RATE_LIMITS, rateLimits } from "~/modules/platform/rate-limit.server";
import { hashPassword } from "~/modules/accounts/password.server";
import {
  ACCOUNT_FAILURES_PER_HOUR,
  backoffMs,
  clearLoginFailures,
  FREE_FAILURES,
  loginWaitMs,
  recordLoginFailure,
} from "~/modules/accounts/login-throttle.server";
import { sharePasswordWaitMs, unlockShareLink } from "~/modules/sharing/share-access.server";
import type { LiveShareLink } from "~/modules/sharing/share-links.server";

const servers: { url: string; close: () => void }[] = [];

async function webProcess() {
  const app = express();
  app.use(rateLimits());
  app.all("/{*splat}", (_request, response) => void response.send("ok"));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

beforeAll(async () => {
  servers.push(await webProcess(), await webProcess());
});
afterAll(() => servers.forEach((server) => server.close()));

const post = (server: number, path: string) =>
  fetch(`${servers[server].url}${path}`, { method: "POST", redirect: "manual" }).then((response) => response.status);

describe("rate limits shared across web processes", () => {
  test("sign-in posts alternating between two servers count against one limit per address", async () => {
    const limit = RATE_LIMITS.strongest.limit;
    // An office of 50 behind one address, two posts each (the form, then a mistyped password): all let in.
    const statuses: number[] = [];
    for (let index = 0; index < limit; index++) statuses.push(await post(index % 2, "/signin"));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(limit).toBeGreaterThanOrEqual(100);
    // The next one is refused on either server: each has seen only half, but they share the count.
    expect(await post(0, "/api/login")).toBe(429);
    expect(await post(1, "/api/login")).toBe(429);
    const counter = await (
      await db()
    ).rateLimitCounter.findFirstOrThrow({ where: { key: { startsWith: "rl-strongest:" } } });
    expect(counter.points).toBe(limit + 2);
  });

  test("other tiers share their counts too (writes)", async () => {
    const limit = RATE_LIMITS.writes.limit;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index++) statuses.push(await post(index % 2, "/api/something"));
    expect(statuses.slice(0, limit).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("wrong-password counts shared across web processes", () => {
  test("sign-in failures live in the database: counted atomically, read back, and cleared by a success", async () => {
    const account = "user:shared.throttle@example.com" as const;
    const client = { ip: "203.0.113.7", deviceId: "device-a", trustedFor: [] };
    const now = Date.now();
    // Twenty failures at once, as requests landing on many processes would: none is lost.
    await Promise.all(Array.from({ length: 20 }, () => recordLoginFailure(account, client, now)));
    const rows = await (await db()).rateLimitCounter.findMany({ where: { key: { startsWith: "fail:" } } });
    expect(rows.map((row) => row.points).sort((a, b) => a - b)).toEqual([20, 20]);
    // The table holds no email address or IP address, only keyed hashes.
    expect(rows.some((row) => /example\.com|203\.0\.113/.test(row.key))).toBe(false);
    expect(await loginWaitMs(account, client, now)).toBe(backoffMs(20, FREE_FAILURES));
    // The rows are what any process reads: with them gone, there is nothing to wait for.
    await clearLoginFailures(account, client);
    expect(await loginWaitMs(account, client, now)).toBe(0);
  });

  test("share-link passwords: past the link's ceiling, addresses that guessed wrong wait; the right password gets in", async () => {
    const now = Date.now();
    const link = {
      id: "link-shared",
      passwordHash: await hashPassword("the right one"),
      expiresAt: null,
    } as LiveShareLink;
    const request = new Request("http://localhost/s/x");
    const ceiling = ACCOUNT_FAILURES_PER_HOUR.share;
    for (let index = 0; index <= ceiling; index++) {
      await expect(unlockShareLink(request, link, "a guess", `198.51.100.${index}`, now)).rejects.toMatchObject({
        status: 401,
      });
    }
    // The link's count lives in the database: an address that guessed once now waits as one that guessed six times.
    expect(await sharePasswordWaitMs(link.id, "198.51.100.0", now)).toBe(backoffMs(ceiling + 1, ceiling));
    await expect(unlockShareLink(request, link, "the right one", "198.51.100.0", now)).rejects.toMatchObject({
      status: 429,
    });
    // A visitor who has not guessed wrong is checked, and let in.
    expect(await sharePasswordWaitMs(link.id, "198.51.100.250", now)).toBe(0);
    await expect(unlockShareLink(request, link, "the right one", "198.51.100.250", now)).resolves.toMatch(
      /^voxlate_share_access=/,
    );
  });
});

describe("API rate limits per key", () => {
  const call = (server: number, key: string) =>
    fetch(`${servers[server].url}/api/v1/recordings`, { headers: { Authorization: `Bearer ${key}` } });

  test("two keys from one address are counted apart, and the one over its limit gets a 429 problem", async () => {
    const limit = RATE_LIMITS.api.limit;
    const statuses: number[] = [];
    for (let index = 0; index < limit; index++) statuses.push((await call(index % 2, "vxk_first_key")).status);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const refused = await call(0, "vxk_first_key");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ type: "about:blank", title: "Too Many Requests", status: 429 });
    // The same address with another key has its own count, on either server.
    expect((await call(1, "vxk_second_key")).status).toBe(200);
    expect((await call(0, "vxk_second_key")).status).toBe(200);
    expect((await call(1, "vxk_first_key")).status).toBe(429);
    // The counters are keyed by a hash of the key, never the key itself.
    const counters = await (await db()).rateLimitCounter.findMany({ where: { key: { startsWith: "rl-api:" } } });
    expect(counters.map((counter) => counter.points).sort((a, b) => a - b)).toEqual([2, limit + 2]);
    expect(counters.some((counter) => counter.key.includes("vxk_"))).toBe(false);
  });
});
