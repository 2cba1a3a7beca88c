import { type ErrorResponse, isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { Logo } from "./logo";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { buttonClass } from "./ui/button";
import { reportBrowserError } from "~/utils/error-reports.client";

/** The site's chrome around an error that no route inside the site layout caught (the root's boundary). */
export function ErrorPage({
  user,
  children,
}: {
  user: React.ComponentProps<typeof SiteHeader>["user"];
  children: React.ReactNode;
}) {
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** The admin console's chrome: staff see their tool's header and a way back to the console, not the marketing site. */
export function AdminErrorPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-1 flex-col">
      <header className="flex h-14 items-center gap-3 border-b border-slate-200 px-4">
        <Logo />
        <span className="text-sm font-semibold text-slate-600">Support console</span>
      </header>
      <main id="main" className="flex flex-1 flex-col bg-slate-50">
        {children}
      </main>
    </div>
  );
}

/** An admin console route's boundary, in the console's chrome; a 404 ("Conversation not found") leads back to it. */
export function AdminErrorBoundary() {
  return (
    <AdminErrorPage>
      <GeneralErrorBoundary
        home={{ to: "/admin/chat", label: "Back to the console" }}
        statusHandlers={{ 404: refusalHandler }}
      />
    </AdminErrorPage>
  );
}

/** Where an error page's main link leads: the home page on the site, the console in the admin. */
type HomeLink = { to: string; label: string };
const SITE_HOME: HomeLink = { to: "/", label: "Go to the home page" };

/** The centred block every error page shows: the status, a title, what happened, and where to go next. */
export function ErrorMessage({
  status,
  title,
  children,
  actions,
}: {
  status?: number;
  title: string;
  children: React.ReactNode;
  actions: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      {status ? <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{status}</p> : null}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="text-slate-600">{children}</div>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}

/** A path that matches no page: the not-found text with the path, and links home and to the help centre. */
export function NotFoundMessage({ home = SITE_HOME }: { home?: HomeLink }) {
  const location = useLocation();
  return (
    <ErrorMessage
      status={404}
      title="Page not found"
      actions={
        <>
          <Link to={home.to} className={buttonClass("primary")}>
            {home.label}
          </Link>
          <Link to="/help" className={buttonClass("secondary")}>
            Visit the help center
          </Link>
        </>
      }
    >
      We couldn't find <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{location.pathname}</code>. It may
      have moved, or the link may be mistyped.
    </ErrorMessage>
  );
}

/** The message a refusal carries: a string body, or the `{ error }` of a refusal (app/utils/refusals.server.ts). */
export function refusalMessage(data: unknown): string | null {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") return data.error;
  return null;
}

const REFUSAL_TITLES: Record<number, string> = {
  400: "This request could not be handled",
  401: "Please sign in",
  403: "Not available on your plan",
  404: "Not found",
  405: "This page does not take that request",
  409: "This cannot be done right now",
  413: "Too large",
  415: "Unsupported format",
  422: "This cannot be done",
  429: "Too many requests",
};

export const refusalTitle = (status: number) => REFUSAL_TITLES[status] ?? "This request could not be handled";

/** What a status handler gets: the refusal, the server's message (if any), and the boundary's home link. */
export type StatusHandlerArgs = { error: ErrorResponse; message: string | null; home: HomeLink };
export type StatusHandler = (args: StatusHandlerArgs) => React.ReactNode;

/** A refusal in the server's words, with its status title and a link home. */
export const refusalHandler: StatusHandler = ({ error, message, home }) => (
  <ErrorMessage
    status={error.status}
    title={refusalTitle(error.status)}
    actions={
      <Link to={home.to} className={buttonClass("primary")}>
        {home.label}
      </Link>
    }
  >
    {message ?? "Please check what you sent and try again."}
  </ErrorMessage>
);

/** A 404 for something a route looked up ("Recording not found"), with a link back to where such things are listed. */
export const missingHandler =
  (back: HomeLink): StatusHandler =>
  ({ message, home }) =>
    message ? (
      <ErrorMessage
        status={404}
        title={refusalTitle(404)}
        actions={
          <>
            <Link to={back.to} className={buttonClass("primary")}>
              {back.label}
            </Link>
            <Link to={home.to} className={buttonClass("secondary")}>
              {home.label}
            </Link>
          </>
        }
      >
        {message}
      </ErrorMessage>
    ) : (
      <NotFoundMessage home={home} />
    );

/** A 403 from a plan's limits: the server's message and the way to a plan that allows it. */
export const planRefusalHandler: StatusHandler = ({ message, home }) => (
  <ErrorMessage
    status={403}
    title={refusalTitle(403)}
    actions={
      <>
        <Link to="/plan-selection" className={buttonClass("primary")}>
          Compare plans
        </Link>
        <Link to={home.to} className={buttonClass("secondary")}>
          {home.label}
        </Link>
      </>
    }
  >
    {message ?? "Your plan does not include this."}
  </ErrorMessage>
);

/** The spec's 'Something went wrong' screen: nothing of the error is shown, only a way to try again. */
function UnexpectedError() {
  const location = useLocation();
  return (
    <ErrorMessage
      title="Something went wrong"
      actions={
        // A plain GET of the same URL: a full reload, with or without JavaScript.
        <form method="get" action={location.pathname}>
          {[...new URLSearchParams(location.search)].map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass("primary")}>
            Refresh Page
          </button>
        </form>
      }
    >
      An unexpected error occurred. Refreshing the page usually fixes it.
    </ErrorMessage>
  );
}

/**
 * A route's ErrorBoundary body, without chrome (the layout around the route, or ErrorPage/AdminErrorPage, draws it).
 * A refusal (4xx) goes to the route's handler for its status; without one, a 404 shows the not-found page and any
 * other 4xx says what was wrong in the server's words. Anything else shows 'Something went wrong' and is logged, never
 * shown.
 * A route's boundary is one line, e.g.
 * `export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: missingHandler(…) }} />`.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  home = SITE_HOME,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  home?: HomeLink;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler({ error, message: refusalMessage(error.data), home })}</>;
    // A 404 no route explained (an unknown path, a missing article): the not-found page, not the router's words.
    if (error.status === 404) return <NotFoundMessage home={home} />;
    return <>{refusalHandler({ error, message: refusalMessage(error.data), home })}</>;
  }
  console.error(error);
  if (typeof document !== "undefined") reportBrowserError(error);
  return <UnexpectedError />;
}
