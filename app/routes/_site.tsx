import { Outlet } from "react-router";
import { SiteChrome } from "~/components/site-chrome";

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
