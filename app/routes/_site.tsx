import { Outlet } from "react-router";
import type { Route } from "./+types/_site";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SiteChrome } from "~/components/site-chrome";
import { ANONYMOUS_PAGE_CACHE_CONTROL } from "~/modules/platform/page-cache.server";

// Every marketing page (the routes below this layout inherit it) is the same for all anonymous visitors: the server
// keeps the rendered page (ADR 022), and browsers revalidate it by ETag. Signed-in and cookie-setting responses are
// never kept; Vary: Cookie says so to any cache on the way.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": ANONYMOUS_PAGE_CACHE_CONTROL,
  Vary: "Cookie",
});

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

// The pages' own boundaries render inside the chrome; this one catches a page without one, or the layout's own failure.
export function ErrorBoundary() {
  return (
    <SiteChrome>
      <GeneralErrorBoundary />
    </SiteChrome>
  );
}
