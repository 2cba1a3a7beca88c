import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { getEnv } from "~/config/env.server";
import { NoncedPageStore, PAGE_CACHE_TTL_MS } from "./page-cache.server";
import { singleton } from "~/config/singleton.server";

/**
 * Rendered documents, kept by what they were rendered from (ADR 032). React's render of a page is a function of the
 * data the loaders returned, the URL and the build: the same data gives the same HTML, but for the CSP nonce, which
 * the store keeps fresh per response. So the key is made of exactly that data, as React Router serialises it into
 * the page (its turbo-stream "server handoff"), with the URL, the status and the render mode. A page whose data
 * changed in any way has another key; nothing has to be told to forget it, and no user can be shown a page rendered
 * from anyone else's data. The loaders still run on every request; only React's render is saved.
 */
export interface RenderedPageCache {
  lookUp(
    request: Request,
    statusCode: number,
    renderMode: string,
    routerContext: EntryContext,
    nonce: string,
  ): Promise<RenderedPageLookup>;
  /** Pages sent from memory and pages rendered since start, for tests and operators. */
  readonly stats: { hits: number; renders: number };
}

export function createRenderedPageCache(options: {
  maxBytes: number;
  ttlMs?: number;
  now?: () => number;
}): RenderedPageCache {
  // Only the footer's year is worked out while rendering (everything else dated comes from the loaders), so the TTL
  // bounds that, and how long a page nobody asks for again takes memory.
  const pages = new NoncedPageStore({ ...options, ttlMs: options.ttlMs ?? PAGE_CACHE_TTL_MS });
  const stats = { hits: 0, renders: 0 };
  return {
    stats,
    async lookUp(request, statusCode, renderMode, routerContext, nonce) {
      const renderAnew = { context: routerContext, keep: () => {} };
      if (request.method !== "GET" || !nonce || routerContext.isSpaMode) return renderAnew;
      const { context, handoff, complete } = await readServerHandoff(routerContext);
      if (!complete) return { ...renderAnew, context };
      const hash = crypto.createHash("sha256").update(`${request.url}\n${statusCode}\n${renderMode}\n`);
      for (const chunk of handoff) hash.update(chunk);
      const key = hash.digest("base64url");
      const kept = pages.get(key);
      if (kept) {
        stats.hits++;
        return { body: NoncedPageStore.body(kept, nonce), context, keep: () => {} };
      }
      return {
        context,
        keep: (html) => {
          stats.renders++;
          pages.keep(key, html, nonce, () => ({}));
        },
      };
    },
  };
}

/**
 * This process's cache, sized by RENDERED_PAGE_CACHE_MB; null when that is 0, and in development (where Vite changes
 * the code under the same data). One per process, shared by server.ts's and the build's copies of this module.
 */
export function renderedPageCache(): RenderedPageCache | null {
  return singleton("rendered-pages", () => {
    const megabytes = getEnv().RENDERED_PAGE_CACHE_MB;
    if (megabytes === 0 || process.env.NODE_ENV === "development") return null;
    return createRenderedPageCache({ maxBytes: megabytes * 1024 * 1024 });
  });
}

const STILL_PENDING = Symbol("still pending");

/**
 * Reads the server handoff React Router made for this page: the loaders' data, serialised. Data that was ready comes
 * at once; deferred promises follow when they settle, and then the stream is not complete yet. The context returned
 * carries a stream that replays what was read and goes on with the rest, for React to render from as usual.
 */
export async function readServerHandoff(
  context: EntryContext,
): Promise<{ context: EntryContext; handoff: Uint8Array[]; complete: boolean }> {
  const stream = context.serverHandoffStream;
  if (!stream) return { context, handoff: [], complete: false };
  const reader = stream.getReader();
  const handoff: Uint8Array[] = [];
  let complete = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined = reader.read();
  for (;;) {
    // Ready data is serialised within microtasks; a read still waiting after them waits for a deferred promise.
    const next = await Promise.race([
      pending!,
      new Promise<typeof STILL_PENDING>((resolve) => setImmediate(resolve, STILL_PENDING)),
    ]);
    if (next === STILL_PENDING) break;
    pending = undefined;
    if (next.done) {
      complete = true;
      break;
    }
    handoff.push(next.value);
    pending = reader.read();
  }
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of handoff) controller.enqueue(chunk);
      if (complete) controller.close();
    },
    async pull(controller) {
      const next = await (pending ?? reader.read());
      pending = undefined;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { context: { ...context, serverHandoffStream: replay }, handoff, complete };
}

export interface RenderedPageLookup {
  /** The page rendered from this data before, with this response's nonce. */
  body?: Uint8Array<ArrayBuffer>;
  /** The context to render from when there is no such page (its handoff stream was read here). */
  context: EntryContext;
  /** Keeps the page rendered now, when its data was complete; call it only if the render succeeded. */
  keep: (html: Buffer) => void;
}
