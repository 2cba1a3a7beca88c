import { Outlet, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_app";
import { AppShell, AppShellOrSiteChrome } from "~/components/app-shell/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAppShell } from "~/modules/accounts/app-shell.server";
import { requireUserId } from "~/modules/platform/session.server";
import { workspaceSwitcher } from "~/modules/workspaces/workspaces.server";
import { secondFactorEnrolmentRequiredBy } from "~/modules/workspaces/workspace-security.server";

/** Where a member whose workspace requires a second factor is sent until they have one (ADR 040-sessions). */
const SECOND_FACTOR_ENROLMENT_PATH = "/account/two-factor";

// The signed-in pages' layout. A signed-out visitor is sent to /signin?redirectTo=… from here and from each page.
// The workspace switcher is read here, not in accounts' shell (accounts sits before workspaces in ADR 019's order).
// A workspace that requires a second factor sends its members without one to set one up, from every signed-in page
// but that one. Sign-out, the support chat and the API (workspace keys, not people) are outside this layout.
export async function loader({ request }: Route.LoaderArgs) {
  const shell = await requireAppShell(request);
  const userId = await requireUserId(request);
  const [workspaces, enrolmentRequiredBy] = await Promise.all([
    workspaceSwitcher(userId),
    secondFactorEnrolmentRequiredBy(userId),
  ]);
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (enrolmentRequiredBy.length > 0 && path !== SECOND_FACTOR_ENROLMENT_PATH)
    throw redirect(SECOND_FACTOR_ENROLMENT_PATH);
  return { ...shell, workspaces };
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
