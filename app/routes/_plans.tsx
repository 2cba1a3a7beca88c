import { Outlet } from "react-router";
import type { Route } from "./+types/_plans";
import { AppShell } from "~/components/app-shell/app-shell";
import { SiteChrome } from "~/components/site-chrome";
import { loadAppShell } from "~/modules/accounts/app-shell.server";

// The plans page is for everyone: a signed-in user chooses a plan inside the app, a visitor compares plans on the site.
export async function loader({ request }: Route.LoaderArgs) {
  return { shell: await loadAppShell(request) };
}

export default function PlansLayout({ loaderData }: Route.ComponentProps) {
  return loaderData.shell ? (
    <AppShell shell={loaderData.shell}>
      <Outlet />
    </AppShell>
  ) : (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
