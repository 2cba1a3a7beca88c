import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signedCookie } from "./cookies.server";
import { RATE_LIMITS, rateLimits } from "./rate-limit.server";

let baseUrl: string;
let close: () => void;

/** A server with fresh counts, answering "ok" to everything the limits let through. */
async function limitedServer() {
  const app = express();
  app.use(rateLimits());
  app.all("/{*splat}", (_request, response) => void response.send("ok"));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

beforeAll(async () => {
  ({ url: baseUrl, close } = await limitedServer());
});
afterAll(() => close());

async function statuses(method: string, path: string, count: number) {
  const results: number[] = [];
  for (let index = 0; index < count; index++)
    results.push((await fetch(`${baseUrl}${path}`, { method, redirect: "manual" })).status);
  return results;
}

describe("rate limits", () => {
  test("sign-in posts get the strongest limit, with or without JavaScript (.data)", async () => {
    const limit = RATE_LIMITS.strongest.limit;
    const plain = await statuses("POST", "/signin", limit - 2);
    const withJs = await statuses("POST", "/signin.data", 2);
    expect([...plain, ...withJs].every((status) => status === 200)).toBe(true);
    const blocked = await fetch(`${baseUrl}/api/login`, { method: "POST" });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
    expect(blocked.headers.get("ratelimit-policy")).toBe(`${limit};w=60`);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a limited form post goes back to its page with the message as a toast, with and without JavaScript", async () => {
    const toastCookie = /^voxlate_toast=[^;]+/;
    const page = `${baseUrl}/signin?redirectTo=%2Frecordings`;
    const withoutJs = await fetch(`${baseUrl}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { Referer: page },
    });
    expect(withoutJs.status).toBe(303);
    expect(withoutJs.headers.get("location")).toBe("/signin?redirectTo=%2Frecordings");
    expect(withoutJs.headers.getSetCookie()[0]).toMatch(toastCookie);

    const withJs = await fetch(`${baseUrl}/signin.data`, { method: "POST", headers: { Referer: page } });
    expect(withJs.status).toBe(204);
    expect(withJs.headers.get("x-remix-redirect")).toBe("/signin?redirectTo=%2Frecordings");
    expect(withJs.headers.getSetCookie()[0]).toMatch(toastCookie);

    // A foreign Referer is not followed: back to the form's own page.
    const foreign = await fetch(`${baseUrl}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { Referer: "https://evil.example/x" },
    });
    expect(foreign.headers.get("location")).toBe("/signin");
  });

  test("pages stay readable while the sign-in tier is exhausted", async () => {
    expect(await statuses("GET", "/signin", 20)).toEqual(Array(20).fill(200));
  });

  test("support-chat messages and live translations each have their own tier", async () => {
    const chat = await statuses("POST", "/support-chat", RATE_LIMITS.chat.limit + 1);
    expect(chat.at(-2)).toBe(200);
    expect(chat.at(-1)).toBe(303); // A page's form: back to the page with the message (see above).
    const translations = await statuses("POST", "/api/translate-live", RATE_LIMITS.translateLive.limit + 1);
    expect(translations.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(translations.at(-1)).toBe(429);
  });

  test("the landing demo's anonymous transcriptions have a small tier; live-recording chunks a large one", async () => {
    const demo = await statuses("POST", "/api/demo/transcribe", RATE_LIMITS.demo.limit + 1);
    expect(demo.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(demo.at(-1)).toBe(429);
    // The demo tier being spent does not touch live chunks (one a second while someone records).
    const chunks = await statuses("POST", "/api/live-sessions/abc/chunks?index=0", RATE_LIMITS.live.limit + 1);
    expect(chunks.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(chunks.at(-1)).toBe(429);
  });

  test("Stripe's webhook is not held to the writes' quota (a burst of renewals from one address)", async () => {
    const events = await statuses("POST", "/api/billing/webhook", RATE_LIMITS.writes.limit + 5);
    expect(events.every((status) => status === 200)).toBe(true);
  });

  test("other writes have their own tier (the sign-in tier is exhausted above; these still pass)", async () => {
    const results = await statuses("POST", "/cookie-consent", RATE_LIMITS.writes.limit);
    expect(results.every((status) => status === 200)).toBe(true);
  });

  test("fifty people behind one address reading pages are never limited; their sign-in attempts still are", async () => {
    const office = await limitedServer();
    try {
      // More page reads from one address than the old per-address ceiling (1,000 a minute) allowed.
      const person = async (index: number) => {
        const answers: number[] = [];
        for (const path of ["/", "/blog", "/signin", "/plans", "/help?q=export"].flatMap((page) => [page, page, page]))
          for (const suffix of ["", ".data"])
            answers.push((await fetch(`${office.url}${path.replace(/(\?|$)/, `${suffix}$1`)}?u=${index}`)).status);
        return answers;
      };
      const answers = (await Promise.all(Array.from({ length: 50 }, (_, index) => person(index)))).flat();
      expect(answers.length).toBeGreaterThan(1000);
      expect(answers.filter((status) => status !== 200)).toEqual([]);

      const signIns: number[] = [];
      for (let attempt = 0; attempt <= RATE_LIMITS.strongest.limit; attempt++)
        signIns.push((await fetch(`${office.url}/api/login`, { method: "POST" })).status);
      expect(signIns.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(signIns.at(-1)).toBe(429);
    } finally {
      office.close();
    }
  });

  test("signed-in requests count per session, not per address; a forged session cookie counts per address", async () => {
    const office = await limitedServer();
    try {
      const sessionCookie = signedCookie("voxlate_session");
      const posts = async (cookie: string, count: number) => {
        const answers: number[] = [];
        for (let index = 0; index < count; index++)
          answers.push(
            (
              await fetch(`${office.url}/cookie-consent`, {
                method: "POST",
                redirect: "manual",
                headers: { Cookie: cookie },
              })
            ).status,
          );
        return answers;
      };
      const alice = (await sessionCookie.serialize("session-alice")).split(";")[0];
      const bob = (await sessionCookie.serialize("session-bob")).split(";")[0];
      expect(await posts(alice, RATE_LIMITS.writes.limit)).toEqual(Array(RATE_LIMITS.writes.limit).fill(200));
      expect(await posts(bob, RATE_LIMITS.writes.limit)).toEqual(Array(RATE_LIMITS.writes.limit).fill(200));
      // A limited form post goes back to its page with the message (see above).
      expect(await posts(alice, 1)).toEqual([303]);
      // Forged or anonymous: both the address's count, which the signed-in ones did not use up.
      expect(await posts("voxlate_session=made-up", RATE_LIMITS.writes.limit)).toEqual(
        Array(RATE_LIMITS.writes.limit).fill(200),
      );
      expect(await posts("", 1)).toEqual([303]);
    } finally {
      office.close();
    }
  });
});
