import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_app";
import { AppShell, AppShellOrSiteChrome } from "~/components/app-shell/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAppShell } from "~/modules/accounts/app-shell.server";
import { requireUserId } from "~/modules/platform/session.server";
import { workspaceSwitcher } from "~/modules/workspaces/workspaces.server";

// The signed-in pages' layout. A signed-out visitor is sent to /signin?redirectTo=… from here and from each page.
// The workspace switcher is read here, not in accounts' shell (accounts sits before workspaces in ADR 019's order).
export async function loader({ request }: Route.LoaderArgs) {
  const shell = await requireAppShell(request);
  return { ...shell, workspaces: await workspaceSwitcher(await requireUserId(request)) };
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
