import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_plans";
import { AppShellOrSiteChrome } from "~/components/app-shell/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadAppShell } from "~/modules/accounts/app-shell.server";

// The plans page is for everyone: a signed-in user chooses a plan inside the app, a visitor compares plans on the site.
export async function loader({ request }: Route.LoaderArgs) {
  return { shell: await loadAppShell(request) };
}

export default function PlansLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShellOrSiteChrome shell={loaderData.shell}>
      <Outlet />
    </AppShellOrSiteChrome>
  );
}

// The layout's own failures, in the chrome the page would have had (the site's, if the loader failed).
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_plans");
  return (
    <AppShellOrSiteChrome shell={data?.shell}>
      <GeneralErrorBoundary />
    </AppShellOrSiteChrome>
  );
}
