import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The marketing site's header and footer around a page. */
export function SiteChrome({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
