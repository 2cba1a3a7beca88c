// Rate limits counted in the database: two web servers (each its own rateLimits(), as two processes would have)
// on one database enforce one limit between them. tests/scale/ proves the same with real processes.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { RATE_LIMITS, rateLimits } from "~/modules/platform/rate-limit.server";

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
