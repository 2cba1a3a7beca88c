// Server errors to Sentry or a service that speaks its protocol (GlitchTip, a self-hosted Sentry), when SENTRY_DSN is
// set (ADR 044). @sentry/node alone: its React Router integration wants to be preloaded with `--import` and to wrap
// the build in Vite, and this server is bundled by esbuild and started as `node build/node/server.js`; the errors
// that matter are reported by hand where the app already catches them (route errors in entry.server's handleError,
// Express's last handler, unhandled rejections), each with the user's id that the request's log context holds.
import { existingSingleton, singleton } from "~/config/singleton.server";
import { scrubErrorEvent } from "~/utils/error-report-scrub";

type Sentry = typeof import("@sentry/node");

export interface ErrorReportContext {
  userId?: string;
  requestId?: string;
  queue?: string;
}

const SENTRY = "sentry";
/** The started client's module; undefined until startErrorReports has run with a DSN. */
const started = () => existingSingleton<Sentry>(SENTRY);

/**
 * Starts the Sentry client once per process; without a DSN nothing is started and reports go nowhere. @sentry/node
 * is loaded only then: importing it took about half a second of CPU, in every process that starts the app.
 */
export async function startErrorReports(options: {
  dsn?: string;
  environment: string;
  release?: string;
}): Promise<boolean> {
  if (!options.dsn) return false;
  const Sentry = await import("@sentry/node");
  singleton(SENTRY, () => {
    Sentry.init({
      dsn: options.dsn,
      environment: options.environment,
      release: options.release,
      // Errors only: no tracing, no profiling, no default PII (IP addresses, cookies, request bodies).
      sendDefaultPii: false,
      tracesSampleRate: 0,
      // The app decides what is reported: no automatic instrumentation of http, express or the console.
      defaultIntegrations: false,
      integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
      beforeSend: (event) => scrubErrorEvent(event),
      beforeBreadcrumb: () => null,
    });
    return Sentry;
  });
  return true;
}

/** Reports an error with who and what it happened to (ids only). */
export function reportError(error: unknown, context: ErrorReportContext = {}) {
  started()?.captureException(error, {
    user: context.userId ? { id: context.userId } : undefined,
    tags: {
      ...(context.requestId ? { request_id: context.requestId } : {}),
      ...(context.queue ? { queue: context.queue } : {}),
    },
  });
}

/** Sends what is queued, before the process exits. */
export async function flushErrorReports(timeoutMs = 2_000) {
  await started()?.flush(timeoutMs);
}
