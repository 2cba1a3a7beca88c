import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ANONYMOUS_PAGE_CACHE_CONTROL, anonymousPageCache, anonymousPageKey } from "./page-cache.server";

const KEY_COOKIES = ["voxlate_cookie_consent", "voxlate_cookie_preferences"];

let baseUrl: string;
let close: () => void;
let renders = 0;
let clock = 0;

// A stand-in for React Router: streams a page in two writes, with the response's nonce in it (as the document's
// scripts carry it); /private answers with Set-Cookie, /missing with 404, /plain with no cache header.
beforeAll(async () => {
  const app = express();
  app.use((_request, response, next) => {
    response.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    response.set("Content-Security-Policy", `script-src 'nonce-${response.locals.cspNonce}'`);
    next();
  });
  app.use(anonymousPageCache({ keyCookies: KEY_COOKIES, ttlMs: 60_000, now: () => clock }));
  app.get("/{*splat}", (request, response) => {
    renders++;
    const nonce = response.locals.cspNonce as string;
    response.status(request.path === "/missing" ? 404 : 200).type("html");
    if (request.path !== "/plain") response.set("Cache-Control", ANONYMOUS_PAGE_CACHE_CONTROL);
    if (request.path === "/private") response.append("Set-Cookie", "voxlate_toast=x; Path=/");
    response.write(`<html><body><h1>${request.originalUrl} é</h1>`);
    response.end(`<script nonce="${nonce}">hydrate()</script><script nonce="${nonce}"></script></body></html>`);
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  renders = 0;
  clock += 120_000; // past the TTL: every test starts with nothing kept
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, body, nonce };
}

describe("anonymous page cache", () => {
  test("renders a page once and answers again from memory, each time with the response's own fresh nonce", async () => {
    const first = await page("/blog");
    const second = await page("/blog");
    const third = await page("/blog");
    expect(renders).toBe(1);
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    for (const { body, nonce, response } of [first, second, third]) {
      expect(response.status).toBe(200);
      expect(body).toContain("<h1>/blog é</h1>");
      // Every script carries this response's nonce, none an earlier one.
      expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    }
    expect(second.response.headers.get("cache-control")).toBe(ANONYMOUS_PAGE_CACHE_CONTROL);
    expect(second.response.headers.get("vary")).toMatch(/Cookie/);
  });

  test("an ETag revalidates with 304 and no new CSP, so the browser's copy keeps the nonce it was sent with", async () => {
    await page("/security");
    const { response } = await page("/security");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await fetch(`${baseUrl}/security`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    const changed = await fetch(`${baseUrl}/security`, { headers: { "If-None-Match": 'W/"other"' } });
    expect(changed.status).toBe(200);
    expect(renders).toBe(1);
  });

  test("the query string and the consent choice are part of the key", async () => {
    await page("/?billing=yearly");
    await page("/?billing=monthly");
    await page("/?billing=yearly", { Cookie: "voxlate_cookie_consent=accepted" });
    await page("/?billing=yearly", { Cookie: "voxlate_cookie_consent=accepted; _ga=GA1.1" });
    expect(renders).toBe(3);
  });

  test("a signed-in visitor, a toast or any other app cookie always gets a fresh render", async () => {
    await page("/help");
    for (const cookie of ["voxlate_session=abc", "voxlate_toast=abc", "voxlate_support_chat=abc"]) {
      await page("/help", { Cookie: cookie });
      await page("/help", { Cookie: `voxlate_cookie_consent=accepted; ${cookie}` });
    }
    expect(renders).toBe(7);
  });

  test("responses that set a cookie, are not 200, or were not declared public are not kept", async () => {
    for (const path of ["/private", "/missing", "/plain"]) {
      await page(path);
      await page(path);
    }
    expect(renders).toBe(6);
  });

  test("a kept page is rendered again after the TTL", async () => {
    await page("/terms");
    clock += 59_000;
    await page("/terms");
    expect(renders).toBe(1);
    clock += 2_000;
    await page("/terms");
    expect(renders).toBe(2);
  });
});

describe("anonymousPageKey", () => {
  test("only GETs of pages; client navigations (.data) and /api are never kept", () => {
    expect(anonymousPageKey("GET", "/blog", undefined, KEY_COOKIES)).not.toBeNull();
    expect(anonymousPageKey("POST", "/blog", undefined, KEY_COOKIES)).toBeNull();
    expect(anonymousPageKey("HEAD", "/blog", undefined, KEY_COOKIES)).toBeNull();
    expect(anonymousPageKey("GET", "/blog.data", undefined, KEY_COOKIES)).toBeNull();
    expect(anonymousPageKey("GET", "/api/user", undefined, KEY_COOKIES)).toBeNull();
  });
});

test("memory stays under its bound: the oldest pages make room", async () => {
  const app = express();
  let count = 0;
  app.use((_request, response, next) => void ((response.locals.cspNonce = "n0nce"), next()));
  app.use(anonymousPageCache({ keyCookies: KEY_COOKIES, maxBytes: 3 * 1000 }));
  app.get("/{*splat}", (_request, response) => {
    count++;
    response.type("html").set("Cache-Control", ANONYMOUS_PAGE_CACHE_CONTROL).end("x".repeat(990));
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const path of ["/a", "/b", "/c", "/d", "/d", "/c", "/a"]) await (await fetch(origin + path)).text();
    // /a, /b, /c fill it; /d pushes /a out; /d and /c are kept; /a renders again.
    expect(count).toBe(5);
  } finally {
    server.close();
  }
});
