// Serving as `npm start` does with the default rate limits (issue 16): an office behind one address reads freely,
// anonymous pages come from the page cache with a fresh CSP nonce each, and hashed assets are cached for a year and
// sent as the build compressed them.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withAppDatabase } from "../../bench/app-server";
import { RATE_LIMITS } from "~/modules/platform/rate-limit.server";
import { startSecurityServer, type SecurityServer } from "./fixtures";

let server: SecurityServer;

beforeAll(async () => {
  server = await startSecurityServer("serving", { RATE_LIMIT_MULTIPLIER: "1" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.origin + path, { headers, redirect: "manual" });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  return { response, body, nonce };
}

describe("anonymous pages", () => {
  test("every response has its own nonce, in the CSP header and on every script of the page", async () => {
    const answers = [await get("/blog"), await get("/blog"), await get("/blog")];
    expect(new Set(answers.map(({ nonce }) => nonce)).size).toBe(3);
    for (const { response, body, nonce } of answers) {
      expect(response.status).toBe(200);
      expect(nonce).toBeTruthy();
      const scriptNonces = [...body.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((match) => match[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    }
  });

  test("a kept page revalidates by ETag (304), and a signed-in visitor is never served it", async () => {
    await get("/security");
    const { response } = await get("/security");
    const etag = response.headers.get("ETag");
    expect(etag).toBeTruthy();
    const revalidated = await fetch(`${server.origin}/security`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);

    const signedIn = await get("/security", { Cookie: server.cookie });
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.response.headers.get("ETag")).toBeNull();
    expect(signedIn.body).toContain("Log out");
  });
});

test("hashed assets are cached for a year, immutable", async () => {
  const { body } = await get("/");
  const asset = /\/assets\/[\w.-]+\.js/.exec(body)![0];
  const response = await fetch(server.origin + asset);
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
});

test("an asset is sent as the Brotli or gzip copy the build made of it, whole, or as it is", async () => {
  const { body } = await get("/");
  const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(body)![0];
  const file = path.join("build/client", asset);
  for (const [acceptEncoding, encoding, copy] of [
    ["gzip, deflate, br, zstd", "br", `${file}.br`],
    ["gzip, deflate", "gzip", `${file}.gz`],
    ["identity", null, file],
  ] as const) {
    // node:http, not fetch: fetch would decode the body, and the test compares the bytes sent with the build's copy.
    const sent = await new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      http
        .get(server.origin + asset, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(sent.headers["content-encoding"] ?? null, acceptEncoding).toBe(encoding);
    expect(sent.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(sent.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(sent.bytes.equals(fs.readFileSync(copy)), `${acceptEncoding}: the bytes of ${copy}`).toBe(true);
  }
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(fs.readFileSync(file))).toBe(true);
});

test("fifty people behind one address read pages, signed in and not, with no 429; sign-in attempts stay limited", async () => {
  const cookies = await withAppDatabase(server.dataDir, async (prisma) => {
    const { createUserSession } = await import("~/modules/platform/session.server");
    const { id } = await prisma.user.findFirstOrThrow({ select: { id: true } });
    return Promise.all(
      Array.from({ length: 50 }, async () => (await createUserSession(id, new Request(server.origin))).split(";")[0]),
    );
  });
  const person = async (cookie: string, index: number) => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (const path of ["/", "/blog", "/signin", "/plans", `/help?q=export-${index}`])
        statuses.push((await get(path)).response.status);
      if (round % 2 === 0) statuses.push((await get("/api/user", { Cookie: cookie })).response.status);
    }
    return statuses;
  };
  const statuses = (await Promise.all(cookies.map(person))).flat();
  // More reads from this address than the old ceiling (1,000 a minute per address) allowed.
  expect(statuses.length).toBeGreaterThan(1_000);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);

  const signIns: number[] = [];
  for (let attempt = 0; attempt <= RATE_LIMITS.strongest.limit; attempt++) {
    const response = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `office-${attempt}@example.com`, password: "not-the-password" }),
    });
    signIns.push(response.status);
  }
  // The suite's own admin sign-in (fixtures) used one.
  expect(signIns.slice(0, RATE_LIMITS.strongest.limit - 1)).not.toContain(429);
  expect(signIns.at(-1)).toBe(429);
});
