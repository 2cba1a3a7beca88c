// What the web server records of each request (ADR 044): its request id (X-Request-Id), one JSON log line when it is
// answered, and its duration and status in the metrics, all by route pattern rather than raw address.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { loggerFor, withLogContext } from "~/config/logger.server";
import { metrics } from "./metrics.server";

export const REQUEST_ID_RESPONSE_HEADER = "X-Request-Id";
/** An incoming id is kept when a proxy's or a client's id looks like one: short, and nothing a log could misread. */
const SANE_REQUEST_ID = /^[\w.:@-]{8,128}$/;
/**
 * Query parameters whose values are logged. Every other value is "[redacted]": sign-in links, OAuth and resets carry
 * secrets there, and searches carry words from transcripts.
 */
const LOGGED_QUERY = new Set([
  "page",
  "sort",
  "order",
  "format",
  "language",
  "status",
  "tab",
  "view",
  "index",
  "_data",
]);

/**
 * Gives each request its id, answers it as X-Request-Id, and runs the rest of the request inside it, so that every
 * log line written and every job queued while answering it carries it.
 */
export function requestIds(): RequestHandler {
  return (request, response, next) => {
    const incoming = request.get(REQUEST_ID_RESPONSE_HEADER);
    const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    // pino-http's field for it (its genReqId reads it back).
    request.id = id;
    response.set(REQUEST_ID_RESPONSE_HEADER, id);
    withLogContext({ requestId: id }, next);
  };
}

export interface RequestRoute {
  /** The route pattern ("/recordings/:id"), or a fixed name for what no route serves ("static", "unmatched"). */
  route: string;
  /** The path for the log, with secret parameters (share tokens, invitation tokens) replaced by their names. */
  path: string;
}

/** The address for a log line: the path without its secrets, and the query with secret values replaced. */
export function loggedUrl(request: Request, routeOf: (request: Request) => RequestRoute): string {
  const { path } = routeOf(request);
  let query: URLSearchParams;
  try {
    query = new URL(`http://localhost${request.originalUrl}`).searchParams;
  } catch {
    return path;
  }
  for (const [name] of query) if (!LOGGED_QUERY.has(name)) query.set(name, "[redacted]");
  const search = query.size ? `?${query.toString().replaceAll("%5Bredacted%5D", "[redacted]")}` : "";
  return path + search;
}

/**
 * One log line per answered request (unless LOG_REQUESTS=false) and the request metrics. Headers are never logged,
 * so cookies and authorization never are; static files are logged only when they fail.
 */
export function observeRequests(options: {
  logRequests: boolean;
  routeOf: (request: Request) => RequestRoute;
}): RequestHandler {
  const { httpDuration, httpRequests } = metrics();
  const routes = new WeakMap<IncomingMessage, RequestRoute>();
  const routeOf = (request: Request) => {
    let route = routes.get(request);
    if (!route) routes.set(request, (route = options.routeOf(request)));
    return route;
  };
  const logRequest = pinoHttp({
    logger: loggerFor("http"),
    genReqId: (request) => request.id || crypto.randomUUID(),
    quietReqLogger: true,
    autoLogging: options.logRequests,
    wrapSerializers: false,
    serializers: {
      req: (request: Request) => ({ method: request.method, url: loggedUrl(request, routeOf) }),
      res: (response: ServerResponse) => ({ statusCode: response.statusCode }),
    },
    customProps: (request) => ({ route: routeOf(request as Request).route }),
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return "error";
      if (response.statusCode >= 400) return "warn";
      return routeOf(request as Request).route === "static" ? "silent" : "info";
    },
    customSuccessMessage: (request, response) => `${request.method} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${response.statusCode} failed`,
  });
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    response.once("finish", () => {
      const { route } = routeOf(request);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe({ method: request.method, route }, seconds);
      httpRequests.inc({ method: request.method, route, status: String(response.statusCode) });
    });
    logRequest(request, response, next);
  };
}
