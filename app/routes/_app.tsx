import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_app";
import { AppShell, AppShellOrSiteChrome } from "~/components/app-shell/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAppShell } from "~/modules/accounts/app-shell.server";

// The signed-in pages' layout. A signed-out visitor is sent to /signin?redirectTo=… from here and from each page.
export async function loader({ request }: Route.LoaderArgs) {
  return requireAppShell(request);
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
    </AppShell>
  );
}

// The pages' own boundaries render inside the shell; this one catches the layout's own failures, so it draws the shell
// itself when the user was loaded, and the site's chrome when the loader failed before that.
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>("routes/_app");
  return (
    <AppShellOrSiteChrome shell={shell}>
      <GeneralErrorBoundary />
    </AppShellOrSiteChrome>
  );
}
