import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { createRenderedPageCache, readServerHandoff } from "./rendered-pages.server";

const encoder = new TextEncoder();
// Like server.ts's: a page is split around its nonce, so a test nonce must not occur in the page by chance either.
const newNonce = () => crypto.randomBytes(16).toString("base64");

/** What React Router hands the document entry: here only the parts the cache reads. */
function routerContext(data: string, later?: { data: string; afterMs: number }): EntryContext {
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(data));
      // Without deferred data React Router's stream ends at once; with it, each promise's chunk follows when it
      // settles.
      if (!later) return controller.close();
      setTimeout(() => {
        controller.enqueue(encoder.encode(later.data));
        controller.close();
      }, later.afterMs);
    },
  });
  return { serverHandoffStream, isSpaMode: false } as unknown as EntryContext;
}

async function text(stream: ReadableStream<Uint8Array> | undefined) {
  return new Response(stream).text();
}

const html = (nonce: string, title: string) =>
  `<html><h1>${title} · é</h1><script nonce="${nonce}">hydrate()</script><script nonce="${nonce}"></script></html>`;
const page = (nonce: string, title: string) => Buffer.from(html(nonce, title));
const sent = (body: Uint8Array | undefined) => body && Buffer.from(body).toString("utf8");
const get = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe("rendered page cache", () => {
  test("a page rendered from the same data is sent again, each time with the response's own nonce", async () => {
    const cache = createRenderedPageCache({ maxBytes: 1024 * 1024 });
    const [n1, n2, n3] = [newNonce(), newNonce(), newNonce()];
    const first = await cache.lookUp(get("/dashboard"), 200, "onShellReady", routerContext('[{"user":1}]'), n1);
    expect(first.body).toBeUndefined();
    // React renders from the same data, read once here and replayed.
    expect(await text(first.context.serverHandoffStream)).toBe('[{"user":1}]');
    first.keep(page(n1, "Ada's recordings"));

    for (const nonce of [n2, n3]) {
      const again = await cache.lookUp(get("/dashboard"), 200, "onShellReady", routerContext('[{"user":1}]'), nonce);
      expect(sent(again.body)).toBe(html(nonce, "Ada's recordings"));
    }
    expect(cache.stats).toEqual({ hits: 2, renders: 1 });
  });

  test("other data, another address, status or render mode is another page", async () => {
    const cache = createRenderedPageCache({ maxBytes: 1024 * 1024 });
    const n = newNonce();
    const keep = async (path: string, status: number, mode: string, data: string) =>
      (await cache.lookUp(get(path), status, mode, routerContext(data), n)).keep(page(n, data));
    await keep("/dashboard", 200, "onShellReady", '[{"progress":40}]');
    for (const [path, status, mode, data] of [
      ["/dashboard", 200, "onShellReady", '[{"progress":41}]'],
      ["/dashboard?page=2", 200, "onShellReady", '[{"progress":40}]'],
      ["/dashboard", 404, "onShellReady", '[{"progress":40}]'],
      ["/dashboard", 200, "onAllReady", '[{"progress":40}]'],
    ] as const) {
      expect((await cache.lookUp(get(path), status, mode, routerContext(data), n)).body).toBeUndefined();
    }
    const m = newNonce();
    expect(
      sent((await cache.lookUp(get("/dashboard"), 200, "onShellReady", routerContext('[{"progress":40}]'), m)).body),
    ).toBe(html(m, '[{"progress":40}]'));
  });

  test("deferred data is never kept, and still streams to React as it settles", async () => {
    const cache = createRenderedPageCache({ maxBytes: 1024 * 1024 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const context = routerContext('[{"ready":1}]', { data: 'P1:{"late":2}', afterMs: 30 });
      const lookup = await cache.lookUp(get("/recordings"), 200, "onShellReady", context, "n");
      expect(lookup.body).toBeUndefined();
      expect(await text(lookup.context.serverHandoffStream)).toBe('[{"ready":1}]P1:{"late":2}');
      lookup.keep(page("n", "late"));
    }
    expect(cache.stats).toEqual({ hits: 0, renders: 0 });
  });

  test("only GETs: a POST's page (an action's answer) is rendered from React Router's own stream", async () => {
    const cache = createRenderedPageCache({ maxBytes: 1024 * 1024 });
    const context = routerContext('[{"saved":true}]');
    for (let attempt = 0; attempt < 2; attempt++) {
      const lookup = await cache.lookUp(get("/account", { method: "POST" }), 200, "onShellReady", context, "n");
      expect(lookup.body).toBeUndefined();
      expect(lookup.context).toBe(context);
      lookup.keep(page("n", "saved"));
    }
    expect(cache.stats).toEqual({ hits: 0, renders: 0 });
  });

  test("a kept page is rendered again after the TTL", async () => {
    let clock = 0;
    const cache = createRenderedPageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, now: () => clock });
    const n = newNonce();
    const look = () => cache.lookUp(get("/dashboard"), 200, "onShellReady", routerContext("[1]"), n);
    (await look()).keep(page(n, "one"));
    clock = 59_000;
    expect((await look()).body).toBeDefined();
    clock = 61_000;
    expect((await look()).body).toBeUndefined();
  });
});

describe("readServerHandoff", () => {
  test("reads what was ready, and hands React a stream of all of it", async () => {
    const { context, handoff, complete } = await readServerHandoff(routerContext('[{"a":1}]'));
    expect(complete).toBe(true);
    expect(new TextDecoder().decode(handoff[0])).toBe('[{"a":1}]');
    expect(await text(context.serverHandoffStream)).toBe('[{"a":1}]');
  });
});
