import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "~/components/logo";
import { SupportChatLauncher } from "~/components/support-chat-launcher";
import { LEGAL_LINKS, usePreferencesHref } from "~/components/site-footer";
import { SiteChrome } from "~/components/site-chrome";
import { buttonClass } from "~/components/ui/button";
import { HintProvider } from "~/components/ui/hint-provider";
import { AppNav } from "./app-nav";
import { ManageBillingButton } from "./billing-form";
import { UsageMeter, type UsageMeterAllowance } from "./usage-meter";
import { LogoutForm, UserName } from "./user-identity";
import { UserMenu } from "./user-menu";
import { WorkspaceSwitcher, type WorkspaceSwitcherProps } from "./workspace-switcher";
import { formatDate } from "~/utils/dates";

/** What the layout loaders send (AppShellData in app-shell.server.ts). */
export interface AppShellProps {
  user: { firstName: string; lastName: string; email: string };
  allowance: UsageMeterAllowance;
  canUpgrade: boolean;
  resetsOn: Date;
  billing: { canManage: boolean; pastDue: boolean };
  /** The workspace switcher: sent by the _app layout only (the plans page's shell goes without). */
  workspaces?: WorkspaceSwitcherProps;
}

/**
 * The small-screen menu: a <details>, so it opens and closes without JavaScript. With JavaScript it also closes
 * after a navigation (the page does not reload), on Escape (focus goes back to its button) and on a click outside.
 */
function MobileMenu({ shell }: { shell: AppShellProps }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);
  return (
    <details ref={menu} className="group md:hidden">
      <summary className={buttonClass("ghost", "list-none [&::-webkit-details-marker]:hidden")}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" className="group-open:hidden" />
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" className="hidden group-open:block" />
        </svg>
        Menu
      </summary>
      <div
        className={
          "absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto " +
          "border-b border-slate-200 bg-white shadow-lg"
        }
      >
        <div className="flex flex-col gap-4 p-4">
          <UserName user={shell.user} />
          {shell.workspaces ? <WorkspaceSwitcher workspaces={shell.workspaces} /> : null}
          <AppNav />
          <UsageMeter allowance={shell.allowance} canUpgrade={shell.canUpgrade} resetsOn={shell.resetsOn} />
          {shell.billing.canManage ? <ManageBillingButton /> : null}
          <LogoutForm />
        </div>
      </div>
    </details>
  );
}

function AppFooter() {
  const preferencesHref = usePreferencesHref();
  const linkClass = "hover:text-slate-900 hover:underline";
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div
        className={
          "flex flex-col gap-2 px-4 py-4 text-sm text-slate-600 " +
          "sm:flex-row sm:items-center sm:justify-between lg:px-8"
        }
      >
        <p>© {formatDate(Date.now(), "year")} Voxlate</p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={preferencesHref} preventScrollReset className={linkClass}>
                Cookie settings
              </Link>
            </li>
            <li>
              <Link to="/help" className={linkClass}>
                Help
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** Stripe could not take the last payment and is retrying: the plan stays until the retries end. */
function PastDueBanner() {
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 lg:px-8">
      <p>
        <strong>Your last payment failed.</strong> Stripe will try again; update your card in Manage billing to keep
        your plan. If every retry fails, the account moves to Free and keeps all its recordings.
      </p>
      <ManageBillingButton className="mt-2 w-fit" />
    </div>
  );
}

/**
 * Every signed-in page sits in this: the header with the user's menu (Account, Plan and billing, Log out), the navigation and usage meter in a
 * sidebar (in the menu on small screens), the page in <main>, and a compact footer with the legal links.
 */
export function AppShell({ shell, children }: { shell: AppShellProps; children: React.ReactNode }) {
  return (
    <HintProvider>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="relative flex h-16 items-center justify-between gap-4 px-4 lg:px-8">
          <Logo />
          <div className="flex items-center gap-2 md:gap-4">
            <SupportChatLauncher />
            <UserMenu user={shell.user} className="hidden md:flex" />
            <MobileMenu shell={shell} />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-slate-50 md:block">
          <div className="sticky top-16 flex flex-col gap-6 p-4">
            {shell.workspaces ? <WorkspaceSwitcher workspaces={shell.workspaces} /> : null}
            <AppNav />
            <UsageMeter allowance={shell.allowance} canUpgrade={shell.canUpgrade} resetsOn={shell.resetsOn} />
            {shell.billing.canManage ? <ManageBillingButton /> : null}
          </div>
        </aside>
        <main id="main" className="min-w-0 flex-1">
          {shell.billing.pastDue ? <PastDueBanner /> : null}
          {children}
        </main>
      </div>
      <AppFooter />
    </HintProvider>
  );
}

/**
 * The app shell when the user is known, the site's header and footer otherwise: the plans page for a visitor, and a
 * layout's error page when its loader failed before it knew the user.
 */
export function AppShellOrSiteChrome({ shell, children }: { shell?: AppShellProps | null; children: React.ReactNode }) {
  return shell ? <AppShell shell={shell}>{children}</AppShell> : <SiteChrome>{children}</SiteChrome>;
}
