// Express middleware that runs before React Router: requests no page could answer are refused here with a clear
// 4xx, and no error ever shows a stack trace or a server path (ADR 017).
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { FORM_BODY_MAX_BYTES, tooLargeText } from "./request-body.server";
import { isApiV1Path, PROBLEM_CONTENT_TYPE, problemDetails } from "./problem-details.server";
import { appOrigin } from "~/config/env.server";
import { BILLING_WEBHOOK_PATH, SCIM_PREFIX } from "./rate-limit.server";
import { unsafeTextProblem } from "~/utils/text";
import { currentLogContext, loggerFor } from "~/config/logger.server";
import { reportError } from "~/services/error-reports/sentry.server";

const log = loggerFor("http");

/** Routes that take audio have their own, larger limits (the plan's upload limit, 2 MB chunks). */
const LARGE_BODY_ROUTES = [
  /^\/dashboard(?:\.data)?\/?$/,
  /^\/api\/recordings\/?$/,
  /^\/api\/uploads(?:\/|$)/,
  /^\/api\/v1\/recordings\/?$/,
  /^\/api\/v1\/uploads(?:\/|$)/,
  /^\/api\/live-sessions\/[^/]+\/chunks\/?$/,
  /^\/api\/demo\/transcribe\/?$/,
  // A SCIM group's whole member list (PUT, PATCH) can pass 32 KB: read (up to 512 KB) by the route itself (ADR 042).
  /^\/scim\/v2\/groups(?:\/|$)/i,
  // Stripe's events: read (up to 1 MB) by the route itself, on the raw bytes its signature covers.
  /^\/api\/billing\/webhook\/?$/,
];

const wantsJson = (request: Request) =>
  request.path.startsWith("/api/") || request.path.endsWith(".data") || request.accepts(["html", "json"]) === "json";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const ERROR_TITLES: Record<number, string> = {
  403: "Refused",
  405: "Not allowed here",
  413: "Too large",
  431: "Too long",
};

/**
 * A refusal in the shape the client reads: problem details for the v1 API (its one error shape, ADR 026), JSON for
 * the rest of /api and scripts, a small page for browsers.
 */
export function sendError(request: Request, response: Response, status: number, message: string) {
  if (response.headersSent) return void response.destroy();
  response.status(status).set("Cache-Control", "no-store");
  if (isApiV1Path(request.path)) {
    return void response.type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemDetails(status, message)));
  }
  if (wantsJson(request)) return void response.json({ error: message });
  response
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status} · Voxlate</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>${ERROR_TITLES[status] ?? (status >= 500 ? "Something went wrong" : "Bad request")}</h1>` +
        `<p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}

/** Paths that do not decode, or that decode to control characters or broken Unicode; query values likewise. */
export function refuseMalformedUrls(): RequestHandler {
  return (request, response, next) => {
    const [rawPath, rawQuery = ""] = request.originalUrl.split(/\?(.*)/s, 2);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return sendError(request, response, 400, "This address is not valid: it contains a broken %-encoding.");
    }
    if (/[\u0000-\u001f\u007f]/.test(path) || unsafeTextProblem(path, "The address")) {
      return sendError(request, response, 400, "This address is not valid: it contains a control character.");
    }
    for (const [name, value] of new URLSearchParams(rawQuery)) {
      const problem =
        unsafeTextProblem(name, "A query parameter name") ??
        unsafeTextProblem(value, `The query parameter "${name.slice(0, 40)}"`);
      if (problem) return sendError(request, response, 400, problem);
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSAL =
  "This request came from another website, so it was refused. Open Voxlate directly and try again.";

/** The origin of an Origin header, or null when it is "null" or not a URL. */
function originOf(header: string): string | null {
  try {
    return header === "null" ? null : new URL(header).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a state-changing request another website made a browser send. The session cookie is SameSite=Lax,
 * which stops most of them; this is the check that does not depend on the browser's cookie rules. A browser names the
 * page that made the request: `Sec-Fetch-Site` (set by the browser alone) and `Origin`. Allowed: the app's public
 * origin (APP_URL) and the request's own host (a development server, an address the operator uses directly), and
 * requests that name no origin at all (curl, scripts, older browsers), which carry no one else's cookies. Not
 * checked: the REST API (/api/v1, its tus endpoint included) and SCIM (/scim/v2), authenticated by a key or token a
 * browser never sends on its own, and Stripe's webhook, authenticated by its signature.
 */
export function refuseCrossSiteWrites(): RequestHandler {
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method) || isApiV1Path(request.path) || request.path.startsWith(SCIM_PREFIX))
      return next();
    if (request.path.replace(/\/+$/, "") === BILLING_WEBHOOK_PATH) return next();
    const site = request.get("Sec-Fetch-Site");
    if (site === "cross-site") return sendError(request, response, 403, CROSS_SITE_REFUSAL);
    // The browser says the page is the app's own: a same-origin page with a strict Referrer-Policy sends "Origin: null".
    if (site === "same-origin") return next();
    const header = request.get("Origin");
    if (header === undefined) return next();
    const origin = originOf(header);
    const own = origin !== null && (origin === originOf(appOrigin()) || new URL(origin).host === request.get("Host"));
    if (!own) return sendError(request, response, 403, CROSS_SITE_REFUSAL);
    next();
  };
}

/**
 * Forms and JSON are a few KB: a larger stated body is refused at once, before anything reads it. Bodies without a
 * Content-Length are counted as they are read (request-body.server.ts).
 */
export function limitBodySize(maxBytes = FORM_BODY_MAX_BYTES): RequestHandler {
  return (request, response, next) => {
    if (
      request.method === "GET" ||
      request.method === "HEAD" ||
      LARGE_BODY_ROUTES.some((route) => route.test(request.path))
    ) {
      return next();
    }
    const stated = Number(request.headers["content-length"]);
    if (stated > maxBytes) {
      // Answer without reading the body, and close the connection so the client stops sending.
      response.set("Connection", "close");
      return sendError(request, response, 413, tooLargeText(maxBytes));
    }
    next();
  };
}

/** The last handler: Express's own would print the stack (with server paths) whenever NODE_ENV is not "production". */
export function finalErrorHandler(): ErrorRequestHandler {
  return (error, request, response, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) {
      log.error({ err: error, method: request.method }, "request failed");
      reportError(error, currentLogContext());
    }
    sendError(
      request,
      response,
      status,
      status === 500 ? "An unexpected error occurred. Please try again." : "The request could not be read.",
    );
  };
}

type ManifestRoute = RouteObject & { hasAction: boolean };

function routeTree(build: ServerBuild): ManifestRoute[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): ManifestRoute[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        const base = {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          hasAction: Boolean(route.module.action),
        };
        return (route.index ? { ...base, index: true } : { ...base, children }) as ManifestRoute;
      });
  return childrenOf(undefined);
}

/**
 * A POST (or PUT, PATCH, DELETE) to a route with no action is 405 with Allow and a message. React Router's own
 * answer for resource routes is {"message":"Unexpected Server Error"}, which is neither true nor helpful.
 */
export function refuseMethodsWithoutAction(build: () => Promise<ServerBuild>): RequestHandler {
  const trees = new WeakMap<ServerBuild, ManifestRoute[]>();
  return (request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return next();
    build()
      .then((current) => {
        if (!trees.has(current)) trees.set(current, routeTree(current));
        const pathname = request.path.replace(/\.data$/, "").replace(/^\/_root$/, "/");
        const leaf = matchRoutes(trees.get(current)!, pathname)?.at(-1)?.route as ManifestRoute | undefined;
        if (!leaf || leaf.hasAction) return next();
        response.set("Allow", "GET, HEAD");
        sendError(request, response, 405, `This address does not take ${request.method} requests. Use GET.`);
      })
      .catch(next);
  };
}
