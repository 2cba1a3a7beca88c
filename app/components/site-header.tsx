import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Logo } from "./logo";
import { SupportChatLauncher } from "./support-chat-launcher";
import { buttonClass } from "./ui/button";

export interface HeaderUser {
  firstName: string;
}

/** The spec's landing sections: Features, Demo and Pricing scroll to their sections, Reviews to the testimonials. */
export const SECTION_LINKS = [
  { label: "Features", to: "/#features" },
  { label: "Demo", to: "/#demo" },
  { label: "Pricing", to: "/#pricing" },
  { label: "Reviews", to: "/#testimonials" },
];

function AccountLinks({ user }: { user: HeaderUser | null }) {
  if (user) {
    return (
      <>
        <Link to="/dashboard" className={buttonClass("ghost")}>
          Dashboard
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={buttonClass("secondary")}>
            Log out
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <Link to="/signin" className={buttonClass("ghost")}>
        Sign In
      </Link>
      <Link to="/signup" className={buttonClass("primary")}>
        Sign Up Now
      </Link>
    </>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // With JavaScript the page does not reload on navigation, so close the menu by hand.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-sm font-medium text-slate-600 hover:text-slate-900">
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <SupportChatLauncher />
          <div className="hidden items-center gap-2 md:flex">
            <AccountLinks user={user} />
          </div>
          {/* <details> opens and closes without JavaScript. */}
          <details ref={menu} className="group relative md:hidden">
            <summary className={`${buttonClass("ghost")} list-none [&::-webkit-details-marker]:hidden`}>
              <span className="sr-only">Open menu</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="absolute right-0 mt-2 flex w-64 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
              <nav aria-label="Mobile" className="flex flex-col">
                {SECTION_LINKS.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className="rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    {link.label}
                  </Link>
                ))}
              </nav>
              <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3 [&_button]:w-full [&>*]:w-full">
                <AccountLinks user={user} />
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
