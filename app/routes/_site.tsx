import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { loader as rootLoader } from "~/root";

export default function SiteLayout() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
