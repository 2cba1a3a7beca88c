// Browser errors to Sentry or a compatible service (ADR 044), when the server was given SENTRY_DSN: the root layout
// then writes it in a <meta> tag, and only then is the SDK loaded. Reports carry the user's id, scrubbed as the
// server's are (no email addresses, no transcript text, no query strings).
import { scrubErrorEvent } from "~/utils/error-report-scrub";

const META = 'meta[name="voxlate-error-reports"]';

export async function startBrowserErrorReports() {
  const meta = document.querySelector<HTMLMetaElement>(META);
  if (!meta?.content) return;
  const Sentry = await import("@sentry/react-router");
  Sentry.init({
    dsn: meta.content,
    environment: meta.dataset.environment,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    // Errors only: no breadcrumbs of clicks and console lines, which would carry what the page shows.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== "Breadcrumbs"),
    beforeSend: (event) => scrubErrorEvent(event),
    initialScope: meta.dataset.userId ? { user: { id: meta.dataset.userId } } : undefined,
  });
}

/** An error a route's error boundary caught: reported when reports are on, else nothing. */
export function reportBrowserError(error: unknown) {
  if (!document.querySelector(META)) return;
  void import("@sentry/react-router").then((Sentry) => Sentry.captureException(error));
}
