import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * What a route sends to say "this page is the same for every anonymous visitor" (the marketing site's layout does).
 * Browsers may keep it but must revalidate (the ETag makes that a 304); "private" keeps shared caches from storing
 * HTML whose CSP nonce would then be handed to every visitor (ADR 022).
 */
export const ANONYMOUS_PAGE_CACHE_CONTROL = "private, no-cache";

/** How long a rendered page is reused; content ships with the build, so this only bounds date-dependent text. */
export const PAGE_CACHE_TTL_MS = 5 * 60_000;
/** An upper bound on memory: query strings make the key space unbounded. */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** A page kept as its HTML split around the nonce it was rendered with: joined with a fresh nonce for every response. */
export interface NoncedPage {
  parts: Buffer[];
  bytes: number;
  expiresAt: number;
}

/**
 * Rendered pages kept in memory, each for `ttlMs`, at most `maxBytes` in all (oldest out first). Every response
 * still carries a fresh CSP nonce: a page is stored split around the nonce it was rendered with (`keep`) and joined
 * with the asking response's own (`body`). Pages stay bytes, so sending one again encodes nothing.
 */
export class NoncedPageStore<Extra extends object = object> {
  private readonly pages = new Map<string, NoncedPage & Extra>();
  private totalBytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: { ttlMs: number; maxBytes: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  /** The page kept under `key`, if it has not expired. */
  get(key: string): (NoncedPage & Extra) | undefined {
    const page = this.pages.get(key);
    if (page && page.expiresAt > this.now()) return page;
    if (page) this.forget(key);
    return undefined;
  }

  keep(key: string, html: Buffer, nonce: string, extra: (parts: Buffer[]) => Extra): void {
    this.forget(key);
    if (html.length > this.options.maxBytes) return;
    const now = this.now();
    // Oldest first: a Map iterates in insertion order, and every page lives equally long.
    for (const [oldest, page] of this.pages) {
      if (page.expiresAt > now && this.totalBytes + html.length <= this.options.maxBytes) break;
      this.forget(oldest);
    }
    const parts = splitBytes(html, Buffer.from(nonce));
    this.pages.set(key, { parts, bytes: html.length, expiresAt: now + this.options.ttlMs, ...extra(parts) });
    this.totalBytes += html.length;
  }

  /** The page with `nonce` wherever it had the one it was rendered with. */
  static body(page: NoncedPage, nonce: string): Buffer<ArrayBuffer> {
    const nonceBytes = Buffer.from(nonce);
    const pieces = page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
    return Buffer.concat(pieces);
  }

  private forget(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.totalBytes -= page.bytes;
    this.pages.delete(key);
  }
}

/** `bytes` cut at every occurrence of `separator` (which is dropped), as String.split does. */
function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

interface AnonymousPageExtra {
  etag: string;
  headers: [string, string][];
}

function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const index = pair.indexOf("=");
    if (index > 0) cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
  return cookies;
}

/**
 * The cache key of an anonymous GET for a page, or null when the response may depend on who asks: any of the app's
 * own cookies (a session, a toast, a support chat, a sign-up in progress) other than `keyCookies`, whose values
 * become part of the key (the consent choice, which the cookie banner and analytics follow).
 */
export function anonymousPageKey(
  method: string,
  url: string,
  cookieHeader: string | undefined,
  keyCookies: readonly string[],
): string | null {
  if (method !== "GET") return null;
  // Client-side navigations fetch `.data`; resource routes under /api and hashed files are never marketing pages.
  const pathname = url.split("?")[0];
  if (pathname.endsWith(".data") || pathname.startsWith("/api/") || pathname.startsWith("/assets/")) return null;
  const cookies = cookiesOf(cookieHeader);
  for (const name of cookies.keys()) if (name.startsWith("voxlate_") && !keyCookies.includes(name)) return null;
  return [url, ...keyCookies.map((name) => cookies.get(name) ?? "")].join("\n");
}

function weakEtag(parts: Buffer[]) {
  const hash = crypto.createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/**
 * A server-side cache of whole anonymous pages, in front of React Router. A page is stored when its route declared
 * it public to anonymous visitors (Cache-Control: ANONYMOUS_PAGE_CACHE_CONTROL), it answered 200 with HTML, and it
 * set no cookie. Every response still carries a fresh CSP nonce: the stored HTML is split around the nonce it was
 * rendered with and joined with this response's (`response.locals.cspNonce`, which the CSP header also uses).
 */
export function anonymousPageCache(options: {
  keyCookies: readonly string[];
  ttlMs?: number;
  maxBytes?: number;
  now?: () => number;
}): RequestHandler {
  const pages = new NoncedPageStore<AnonymousPageExtra>({
    ttlMs: options.ttlMs ?? PAGE_CACHE_TTL_MS,
    maxBytes: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
    now: options.now,
  });

  return (request, response, next) => {
    const key = anonymousPageKey(request.method, request.originalUrl, request.headers.cookie, options.keyCookies);
    if (key === null) return next();
    const nonce = response.locals.cspNonce as string;
    const cached = pages.get(key);
    if (cached) return sendCached(response, cached, nonce, request.headers["if-none-match"]);

    // Render as usual, keeping a copy of what goes out while the response can still be kept.
    const declaredPublic = () =>
      response.statusCode === 200 &&
      response.get("Cache-Control") === ANONYMOUS_PAGE_CACHE_CONTROL &&
      /^text\/html/.test(response.get("Content-Type") ?? "") &&
      !response.get("Set-Cookie");
    let chunks: Buffer[] | null = [];
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunks && !declaredPublic()) chunks = null;
      if (!chunks || chunk === undefined || typeof chunk === "function") return;
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (chunks && chunks.length > 0 && nonce) {
        const contentType = response.get("Content-Type")!;
        pages.keep(key, Buffer.concat(chunks), nonce, (parts) => ({
          etag: weakEtag(parts),
          headers: [["Content-Type", contentType]],
        }));
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}

function sendCached(
  response: Response,
  page: NoncedPage & AnonymousPageExtra,
  nonce: string,
  ifNoneMatch: string | undefined,
) {
  for (const [name, value] of page.headers) response.set(name, value);
  response.set({ "Cache-Control": ANONYMOUS_PAGE_CACHE_CONTROL, ETag: page.etag });
  response.vary("Cookie");
  if (ifNoneMatch?.split(/\s*,\s*/).includes(page.etag)) {
    // The browser keeps the page it has, with the CSP header it came with: a new nonce here would not match the
    // nonce inside that copy, and (RFC 9111, 4.3.4) a 304's headers replace the stored ones.
    response.removeHeader("Content-Security-Policy");
    response.status(304).end();
    return;
  }
  response.status(200).send(NoncedPageStore.body(page, nonce));
}
