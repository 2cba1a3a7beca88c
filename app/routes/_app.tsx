import { Outlet } from "react-router";
import type { Route } from "./+types/_app";
import { AppShell } from "~/components/app-shell/app-shell";
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
