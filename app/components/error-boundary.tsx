import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { buttonClass } from "./ui/button";

/** The site's chrome around an error, with whatever the root loader managed to load. */
export function ErrorPage({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export function NotFound() {
  return (
    <ErrorPage>
      <NotFoundMessage />
    </ErrorPage>
  );
}

/** The not-found text alone, for pages already inside the site layout. */
export function NotFoundMessage() {
  const location = useLocation();
  return (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">404</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="text-slate-600">
        We couldn't find <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{location.pathname}</code>. It may
        have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Go to the home page
        </Link>
        <Link to="/help" className={buttonClass("secondary")}>
          Visit the help center
        </Link>
      </div>
    </>
  );
}

/** The message a refusal carries: a string body, or JSON's `error`. */
function refusalMessage(data: unknown): string | null {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") return (data as { error: string }).error;
  return null;
}

const REFUSAL_TITLES: Record<number, string> = {
  400: "This request could not be handled",
  401: "Please sign in",
  403: "Not available on your plan",
  405: "This page does not take that request",
  413: "Too large",
  415: "Unsupported format",
  429: "Too many requests",
};

/**
 * 404s show the not-found page; other refusals (4xx) say what was wrong, in the words the server gave; anything
 * else shows the spec's 'Something went wrong' screen.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return (
      <ErrorPage>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{error.status}</p>
        <h1 className="text-3xl font-bold tracking-tight">{REFUSAL_TITLES[error.status] ?? "This request could not be handled"}</h1>
        <p className="text-slate-600">{refusalMessage(error.data) ?? "Please check what you sent and try again."}</p>
        <Link to="/" className={buttonClass("primary")}>
          Go to the home page
        </Link>
      </ErrorPage>
    );
  }
  console.error(error);
  return (
    <ErrorPage>
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-slate-600">An unexpected error occurred. Refreshing the page usually fixes it.</p>
      {/* A plain GET of the same URL: a full reload, with or without JavaScript. */}
      <form method="get" action={location.pathname}>
        {[...new URLSearchParams(location.search)].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass("primary")}>
          Refresh Page
        </button>
      </form>
    </ErrorPage>
  );
}
