// The Voxlate web server: security headers, compression, logging, rate limits, static files,
// /healthz and the React Router app, on the embedded database or PostgreSQL.
import crypto from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { currentLogContext, logger, loggerFor } from "~/config/logger.server";
import { flushErrorReports, reportError, startErrorReports } from "~/services/error-reports/sentry.server";
import { connectDatabase, disconnectDatabase, getDatabase } from "~/modules/platform/database.server";
import { markRequests } from "~/modules/platform/per-request.server";
import { startDiskHousekeeping } from "~/modules/platform/disk.server";
import { watchEventLoopStalls } from "~/modules/platform/event-loop-stalls.server";
import { appOrigin, getEnv, useListeningPort, useOwnInternalPort } from "~/config/env.server";
import {
  finalErrorHandler,
  limitBodySize,
  refuseCrossSiteWrites,
  refuseMalformedUrls,
  refuseMethodsWithoutAction,
  sendError,
} from "~/modules/platform/http-guards.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import {
  answerMetricsRequests,
  gatherMetricsForWebProcesses,
  metricsEndpoint,
} from "~/modules/platform/metrics.server";
import { observeRequests, requestIds, type RequestRoute } from "~/modules/platform/request-logging.server";
import { pathWithoutSecrets, routeMatcher, type RouteMatch } from "~/modules/platform/route-patterns.server";
import { anonymousPageCache } from "~/modules/platform/page-cache.server";
import { rateLimits } from "~/modules/platform/rate-limit.server";
import { forwardLiveSessionRequests } from "~/modules/live/live-forwarding.server";
import { CONSENT_COOKIE, PREFERENCES_COOKIE } from "~/modules/consent/cookie-consent";
import { RESUMABLE_UPLOADS_PATH, resumableUploadServer } from "~/modules/recordings/resumable-uploads.server";
import { API_UPLOADS_PATH, apiResumableUploadServer } from "~/modules/developers/v1.server";
import {
  isClusterWorker,
  isFirstWebProcess,
  shouldSuperviseWebProcesses,
  superviseWebProcesses,
} from "~/modules/platform/web-processes.server";

const env = getEnv();
const isDevelopment = env.NODE_ENV === "development";
const log = loggerFor("http");

// A stray promise rejection (a failed write, a dropped connection) is logged; it must not take the server down.
process.on("unhandledRejection", (reason) => {
  logger.error({ err: reason, component: "process" }, "unhandled rejection");
  reportError(reason, currentLogContext());
});
// SENTRY_DSN: errors also go to Sentry or a compatible service, scrubbed (ADR 044).
await startErrorReports({ dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV });
// WEB_PROCESSES above 1: this process only starts and watches the web processes, which run serve() (ADR 031); it
// also sums their metrics for whichever of them is scraped.
if (shouldSuperviseWebProcesses(env.WEB_PROCESSES)) {
  gatherMetricsForWebProcesses();
  superviseWebProcesses(env.WEB_PROCESSES);
} else await serve();

async function serve() {
  await startDiskHousekeeping();
  const database = await connectDatabase({ role: "app" }).catch((error: Error) => {
    // A configuration problem, not a crash: say it in one line.
    logger.fatal({ component: "db" }, error.message);
    process.exit(1);
  });
  logger.info({ component: "db", kind: database.kind, location: database.location }, "database open");
  // Several web processes: the first runs the job worker, so they do not all take transcriptions at once.
  const work = env.WORKER_IN_PROCESS && isFirstWebProcess();
  await startJobs(database, { work });
  logger.info(
    { component: "jobs" },
    work
      ? "worker running in-process"
      : env.WORKER_IN_PROCESS
        ? "worker running in the first web process"
        : "no in-process worker (npm run worker)",
  );
  answerMetricsRequests();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Set once the app's build is loaded below; requests answered before (none, in practice) count as unmatched.
  let matchRoute: (pathname: string) => RouteMatch | null = () => null;
  app.use(requestIds());
  app.use(observeRequests({ logRequests: env.LOG_REQUESTS, routeOf: (request) => routeOf(request.originalUrl) }));
  app.use(refuseMalformedUrls());
  app.use(refuseCrossSiteWrites());

  app.get("/healthz", async (_request, response) => {
    try {
      const database = await getDatabase();
      await database.sql.query("SELECT 1");
      response.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch (error) {
      // The reason goes to the log: its message can name the database's files or host.
      log.error({ err: error }, "healthz: the database did not answer");
      response
        .status(503)
        .set("Cache-Control", "no-store")
        .json({ status: "error", database: "The database did not answer." });
    }
  });

  app.get("/metrics", metricsEndpoint());

  if (env.ENABLE_TEST_ROUTES) {
    const eventLoop = watchEventLoopStalls();
    // Which React build this process loaded: the suite checks that `npm start` serves the production one.
    app.get("/_test/runtime", (_request, response) => {
      const reactFiles = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
        /react-dom-server\.node\.\w+\.js$/.test(file),
      );
      response.json({
        nodeEnv: process.env.NODE_ENV ?? null,
        reactBuilds: reactFiles.map((file) => (file.includes(".development.") ? "development" : "production")),
      });
    });
    app.get("/_test/event-loop", (_request, response) => {
      response.json({ maxMs: eventLoop.takeLongestStallMs() });
    });
  }

  app.use(compression());

  app.use((_request, response, next) => {
    response.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });

  // Third-party analytics, allowed only when configured (and loaded only with the visitor's consent).
  const analyticsOrigins = [
    ...(env.ANALYTICS_SCRIPT_URL ? [new URL(env.ANALYTICS_SCRIPT_URL).origin] : []),
    ...(env.GA_MEASUREMENT_ID ? ["https://www.googletagmanager.com"] : []),
  ];
  const stripeOrigins = [
    "https://checkout.stripe.com",
    "https://billing.stripe.com",
    ...(env.STRIPE_API_BASE ? [new URL(env.STRIPE_API_BASE).origin] : []),
  ];
  const analyticsConnect = [
    ...analyticsOrigins,
    ...(env.GA_MEASUREMENT_ID ? ["https://*.google-analytics.com", "https://*.analytics.google.com"] : []),
  ];
  app.use(
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: "same-origin" },
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: {
        // Vite's dev client injects inline scripts, so development only reports.
        reportOnly: isDevelopment,
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'strict-dynamic'",
            "'self'",
            (_request, response) => `'nonce-${(response as express.Response).locals.cspNonce}'`,
            ...analyticsOrigins,
          ],
          "style-src": ["'self'", "'unsafe-inline'"],
          "media-src": ["'self'", "blob:"],
          "font-src": ["'self'", "data:"],
          "connect-src": [
            "'self'",
            ...(isDevelopment ? ["ws:"] : []),
            ...analyticsConnect,
            // Browser error reports (SENTRY_DSN) go straight to the service.
            ...(env.SENTRY_DSN ? [new URL(env.SENTRY_DSN).origin] : []),
          ],
          "img-src": [
            "'self'",
            "data:",
            "blob:",
            ...(env.GA_MEASUREMENT_ID ? ["https://*.google-analytics.com", "https://www.googletagmanager.com"] : []),
          ],
          "frame-ancestors": ["'none'"],
          // A form post may redirect to Stripe's hosted Checkout and Customer Portal (browsers check redirects too).
          "form-action": ["'self'", "https://accounts.google.com", ...stripeOrigins],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
          "upgrade-insecure-requests": appOrigin().startsWith("https:") ? [] : null,
        },
      },
      // HSTS means something only over https.
      strictTransportSecurity: appOrigin().startsWith("https:"),
    }),
  );

  // Anonymous marketing pages come from memory, with a fresh nonce each (ADR 022); like static files, they are not
  // counted against the rate limits. In development Vite serves fresh code, so nothing is kept.
  if (!isDevelopment) app.use(anonymousPageCache({ keyCookies: [CONSENT_COOKIE, PREFERENCES_COOKIE] }));
  // A live recording is held by the web process that started it; requests for it landing here go there, before
  // they are counted (ADR 028).
  app.use(forwardLiveSessionRequests());
  app.use(rateLimits());
  app.use(limitBodySize());

  let build: () => Promise<ServerBuild>;
  // What React Router's handler is given: in production the build itself, because given a function it rebuilds its
  // route table on every request (flattening and ranking every route: about 3 ms a page, profiled with bench/load).
  let handlerBuild: ServerBuild | (() => Promise<ServerBuild>);
  if (isDevelopment) {
    const vite = await import("vite").then((module) => module.createServer({ server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    handlerBuild = build;
  } else {
    // Hashed file names never change content: cache them for a year. Everything else for an hour. Each is sent as the
    // Brotli or gzip copy the build made of it (scripts/compress-assets.ts), when the browser takes one; compression()
    // leaves a response that is already encoded alone.
    const builtFiles = (folder: string, maxAge: string, immutable = false) =>
      expressStaticGzip(folder, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable, maxAge },
      });
    app.use("/assets", builtFiles("build/client/assets", "1y", true));
    // The other public files all have an extension: pages are not looked for on disk first.
    const publicFiles = builtFiles("build/client", "1h");
    app.use((request, response, next) => (/\.\w+$/.test(request.path) ? publicFiles(request, response, next) : next()));
    // From the working directory, like the static files: this file runs from build/node/ once compiled.
    const serverBuild = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
    build = async () => serverBuild;
    handlerBuild = serverBuild;
  }
  // In development the build changes as files are edited: routes are then read from the first build only.
  matchRoute = routeMatcher(await build());

  // Resumable uploads (tus) stream straight to disk here, outside React Router.
  const resumableUploads = resumableUploadServer();
  app.all([RESUMABLE_UPLOADS_PATH, `${RESUMABLE_UPLOADS_PATH}/{*id}`], (request, response) => {
    resumableUploads.handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, "upload failed");
      if (!response.headersSent) response.status(500).json({ error: "The upload failed. Please try again." });
    });
  });

  // The API's tus endpoint: the same server, its user known by the bearer key (ADR 026).
  const apiResumableUploads = apiResumableUploadServer();
  app.all([API_UPLOADS_PATH, `${API_UPLOADS_PATH}/{*id}`], (request, response) => {
    apiResumableUploads.handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, "upload failed");
      sendError(request, response, 500, "The upload failed. Please try again.");
    });
  });

  app.use(refuseMethodsWithoutAction(build));
  app.all(
    "/{*splat}",
    markRequests(),
    createRequestHandler({
      build: handlerBuild,
      getLoadContext: (request, response) => ({ cspNonce: response.locals.cspNonce as string, clientIp: request.ip }),
    }),
  );

  app.use(finalErrorHandler());

  // One of several web processes shares PORT with the others; live recordings forwarded to this one come to a port
  // of its own (ADR 028, ADR 031).
  let internalServer: Server | undefined;
  if (isClusterWorker()) {
    internalServer = app.listen({ port: 0, host: env.HOST, exclusive: true });
    await once(internalServer, "listening");
    useOwnInternalPort((internalServer.address() as AddressInfo).port);
  }

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    useListeningPort(port);
    log.info({ port, nodeEnv: env.NODE_ENV }, `Voxlate listening on http://localhost:${port} (${env.NODE_ENV})`);
  });

  // Node answers requests it cannot parse (headers over 16 KB, a broken request line) on its own, with an empty body.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
    const [status, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? ["431 Request Header Fields Too Large", "The address or headers are too long."]
        : ["400 Bad Request", "The request could not be read."];
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
    );
  });

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`${signal}: closing`);
    const forceExit = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    forceExit.unref();
    // Stop accepting, let in-flight requests finish, then stop jobs and close the database.
    const closed = Promise.all(
      [server, internalServer].map(
        (listening) => listening && new Promise<void>((resolve) => listening.close(() => resolve())),
      ),
    );
    server.closeIdleConnections();
    internalServer?.closeIdleConnections();
    try {
      await closed;
      await stopJobs();
      await disconnectDatabase();
      await flushErrorReports();
    } catch (error) {
      log.error({ err: error }, "error while shutting down");
      process.exitCode = 1;
    }
    clearTimeout(forceExit);
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  /** What a request's metrics and log line call its route: never its raw address, which holds ids and tokens. */
  function routeOf(originalUrl: string): RequestRoute {
    let pathname: string;
    try {
      // Appended, not resolved: "//host/path" is a path here, not another host.
      pathname = new URL(`http://localhost${originalUrl}`).pathname;
    } catch {
      return { route: "unmatched", path: "[unreadable]" };
    }
    if (pathname.startsWith("/assets/") || pathname === "/favicon.ico") return { route: "static", path: pathname };
    for (const fixed of ["/healthz", "/metrics", RESUMABLE_UPLOADS_PATH, API_UPLOADS_PATH]) {
      if (pathname === fixed || pathname.startsWith(`${fixed}/`))
        return { route: pathname === fixed ? fixed : `${fixed}/:id`, path: pathname };
    }
    const match = matchRoute(pathname);
    if (match) return { route: match.pattern, path: pathWithoutSecrets(pathname, match) };
    if (pathname.startsWith("/_test/")) return { route: "/_test/*", path: pathname };
    return { route: /\.\w+$/.test(pathname) ? "static" : "unmatched", path: pathname };
  }
}
