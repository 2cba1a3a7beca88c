import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, type Options, rateLimit } from "express-rate-limit";
import { getEnv } from "~/config/env.server";
import { DatabaseRateLimitStore } from "./rate-limit-store.server";
import { sessionTokenHashFromCookieHeader } from "./session.server";
import { safeRedirectPath } from "~/utils/redirect";
import { toastHeader } from "./toast.server";
import { singleton } from "~/config/singleton.server";
import { isApiV1Path, PROBLEM_CONTENT_TYPE, problemDetails } from "./problem-details.server";

/**
 * Seven tiers, counted per signed-in session (the session cookie's signature is checked, so it cannot be invented to
 * get a fresh count) and per IP address for everyone else; the strongest tier always per IP address. People behind
 * one NAT (an office, a school) share an address, so the per-address ceilings are sized for fifty of them at once.
 * Static assets and the anonymous pages answered from the page cache (page-cache.server.ts) cost what a static file
 * costs and are not counted; the server puts that cache in front of these limits.
 * - strongest: posts an attacker would repeat (sign-in, sign-up, codes, password reset, admin sign-in); the
 *   actions add their own limits per account and per email (login-throttle, verification codes);
 * - chat: support-chat messages, each of which runs the assistant;
 * - demo: the landing demo's anonymous transcriptions, each of which runs the speech engine;
 * - translateLive: live translations (about one a second while someone speaks);
 * - live: live-recording chunks (one a second per recording);
 * - writes: every other non-GET request;
 * - reads: everything else (page loads, client navigations, status polling), a flood guard rather than a quota.
 * - api: the REST API (/api/v1), counted per API key (its hash; per IP address without one), after the reads' flood
 *   guard per IP address, so that keys made up to get fresh counts still meet that guard.
 * Every tier but reads counts in the database (rate-limit-store.server.ts), so N web processes enforce one limit;
 * reads, a flood guard checked on every page load, count in each process's memory (a database write per page view
 * would cost more than the flood it guards against; N processes allow N times the reads). ADR 028.
 */
export const STRONGEST_PATHS = [
  "/signin",
  "/signin/sso",
  "/signup",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/admin/login",
  "/api/login",
  "/api/register",
  "/api/check-user-exists",
  "/api/send-verification",
  "/api/send-verification-code",
  "/api/verify-email-code",
  "/api/password-reset/request",
  "/api/password-reset/validate",
  "/api/password-reset/verify",
  "/api/admin/login",
  "/auth/passkey/options",
  "/auth/passkey/verify",
];

/** Share links' password posts ("/s/<token>"): the strongest tier, per IP, beside the sharing domain's own limits. */
export const SHARE_LINK_PREFIX = "/s/";
/** Invitation links' posts ("/invitations/<token>"): accepting makes an account, so the strongest tier (ADR 035-teams). */
export const INVITATION_PREFIX = "/invitations/";

export const SUPPORT_CHAT_PATH = "/support-chat";
/** Anonymous visitors use it from the landing demo. */
export const TRANSLATE_LIVE_PATH = "/api/translate-live";
export const DEMO_TRANSCRIBE_PATH = "/api/demo/transcribe";
/**
 * Stripe's webhook: every event is signed (a bad signature is a cheap 400), and a burst of renewals comes from a few
 * of Stripe's addresses, so it gets the reads' flood guard rather than the writes' quota; a 429 would only delay it.
 */
export const BILLING_WEBHOOK_PATH = "/api/billing/webhook";
export const LIVE_SESSIONS_PATH = "/api/live-sessions";
/**
 * SCIM 2.0 (ADR 042): an identity provider pushes a directory in bursts from a few addresses, so here it meets only the
 * reads' flood guard per address; each token's own, larger limit is counted by the provisioning domain once the token
 * is known (scim-tokens.server.ts), so that the writes' or the REST API's quota does not cut a first sync short.
 */
export const SCIM_PREFIX = "/scim/v2/";

export const RATE_LIMITS = {
  /**
   * Per IP address. An office of 50 behind one address signing in at 9 am makes about 100 posts in a minute (the
   * form, sometimes a mistyped password, a code); 150 lets them in. Guessing one account's password is held back by
   * the per-account throttle (login-throttle.server.ts), not by this.
   */
  strongest: { windowMs: 60_000, limit: 150 },
  chat: { windowMs: 60_000, limit: 20 },
  demo: { windowMs: 60_000, limit: 6 },
  translateLive: { windowMs: 60_000, limit: 90 },
  live: { windowMs: 60_000, limit: 240 },
  writes: { windowMs: 60_000, limit: 100 },
  reads: { windowMs: 60_000, limit: 6000 },
  api: { windowMs: 60_000, limit: 300 },
};

/**
 * The REST API per account, over all of its API keys (a user may hold API_KEY_LIMIT of them, each with its own `api`
 * count): twice one key's limit, so one busy integration is not held back by the account, while twenty keys cannot
 * make twenty times the requests. Counted after the key is recognised (api-keys.server.ts).
 */
export const API_ACCOUNT_LIMIT = { windowMs: 60_000, limit: 600 };

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** The page a limited form post came from (same site only), else the page the form posted to. */
function pageToReturnTo(request: Request): string {
  const formPage = request.path.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  try {
    const referer = new URL(request.get("Referer") ?? "");
    if (referer.host !== request.get("Host")) return formPage;
    return safeRedirectPath(`${referer.pathname}${referer.search}`, formPage);
  } catch {
    return formPage;
  }
}

/**
 * What a limited request gets. /api callers and page loads get JSON: 429, the message and Retry-After. A
 * page's form post goes back to its page with the message as a toast instead of the error page: without
 * JavaScript by a 303, with it (React Router's ".data" fetch) by a 204 whose X-Remix-Redirect the client follows.
 */
const answerLimited: Options["handler"] = async (request, response, _next, options) => {
  // SCIM answers every error as its Error message (RFC 7644 section 3.12).
  if (request.path.startsWith(SCIM_PREFIX)) {
    response
      .status(options.statusCode)
      .type("application/scim+json")
      .send(
        JSON.stringify({
          schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
          status: String(options.statusCode),
          detail: TOO_MANY_REQUESTS,
        }),
      );
    return;
  }
  // The REST API answers every error as RFC 9457 problem details (ADR 026).
  if (isApiV1Path(request.path)) {
    response
      .status(options.statusCode)
      .type(PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problemDetails(options.statusCode, TOO_MANY_REQUESTS)));
    return;
  }
  if (request.path.startsWith("/api/") || request.method === "GET" || request.method === "HEAD") {
    response.status(options.statusCode).json(options.message);
    return;
  }
  const page = pageToReturnTo(request);
  response.append(
    "Set-Cookie",
    await toastHeader({ type: "error", title: "Too Many Requests", description: TOO_MANY_REQUESTS }),
  );
  if (request.path.endsWith(".data")) {
    response.status(204).set({ "X-Remix-Redirect": page, "X-Remix-Status": "303", "X-Remix-Revalidate": "true" }).end();
  } else {
    response.redirect(303, page);
  }
};

const ipKey = (request: Request) => `ip:${ipKeyGenerator(request.ip ?? "")}`;

/**
 * The signed-in session (its token's hash: the counter's key is never the secret) when the request carries a validly
 * signed session cookie, else the IP address.
 */
async function accountOrIpKey(request: Request): Promise<string> {
  const tokenHash = await sessionTokenHashFromCookieHeader(request.headers.cookie);
  return tokenHash ? `session:${tokenHash}` : ipKey(request);
}

/** The API key the request carries (a hash of it: the counter's key is never the secret), else the IP address. */
function apiKeyOrIpKey(request: Request): string {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.get("Authorization") ?? "")?.[1];
  return token ? `key:${crypto.createHash("sha256").update(token).digest("hex")}` : ipKey(request);
}

export function rateLimits(): RequestHandler {
  const multiplier = getEnv().RATE_LIMIT_MULTIPLIER;
  const tier = (name: keyof typeof RATE_LIMITS) =>
    rateLimit({
      keyGenerator: name === "strongest" ? ipKey : name === "api" ? apiKeyOrIpKey : accountOrIpKey,
      windowMs: RATE_LIMITS[name].windowMs,
      limit: Math.ceil(RATE_LIMITS[name].limit * multiplier),
      standardHeaders: "draft-7",
      legacyHeaders: false,
      message: { error: TOO_MANY_REQUESTS },
      handler: answerLimited,
      store: name === "reads" ? undefined : new DatabaseRateLimitStore(`rl-${name}`),
    });
  const strongest = tier("strongest");
  const chat = tier("chat");
  const demo = tier("demo");
  const translateLive = tier("translateLive");
  const live = tier("live");
  const writes = tier("writes");
  const reads = tier("reads");
  const api = tier("api");
  return (request, response, next) => {
    if (request.path.startsWith("/assets/")) return next();
    if (isApiV1Path(request.path)) return reads(request, response, () => api(request, response, next));
    if (request.path.startsWith(SCIM_PREFIX)) return reads(request, response, next);
    if (request.method === "GET" || request.method === "HEAD") return reads(request, response, next);
    // React Router posts to "/signin.data" when JavaScript is on; that is still /signin.
    const path = request.path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
    if (STRONGEST_PATHS.includes(path) || path.startsWith(SHARE_LINK_PREFIX) || path.startsWith(INVITATION_PREFIX))
      return strongest(request, response, next);
    if (path === SUPPORT_CHAT_PATH) return chat(request, response, next);
    if (path === DEMO_TRANSCRIBE_PATH) return demo(request, response, next);
    if (path === TRANSLATE_LIVE_PATH) return translateLive(request, response, next);
    if (path === BILLING_WEBHOOK_PATH) return reads(request, response, next);
    if (path.startsWith(`${LIVE_SESSIONS_PATH}/`)) return live(request, response, next);
    return writes(request, response, next);
  };
}

const accountApiStore = () =>
  singleton("api-account-rate-limit", () => {
    const store = new DatabaseRateLimitStore("rl-api-account");
    store.init({ windowMs: API_ACCOUNT_LIMIT.windowMs } as Options);
    return store;
  });

/**
 * Counts one REST API request against its account's budget (API_ACCOUNT_LIMIT, shared by every web process); returns
 * the seconds to wait when the account is over it, else null.
 */
export async function countAccountApiRequest(
  userId: string,
): Promise<{ limit: number; retryAfterSeconds: number } | null> {
  const limit = Math.ceil(API_ACCOUNT_LIMIT.limit * getEnv().RATE_LIMIT_MULTIPLIER);
  const { totalHits, resetTime } = await accountApiStore().increment(`account:${userId}`);
  if (totalHits <= limit) return null;
  return {
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000)),
  };
}
