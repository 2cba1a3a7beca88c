import { Link, useLocation } from "react-router";

interface AppLink {
  label: string;
  to: string;
  /** Other pages that belong to this section (a recording's page to Recordings). */
  section?: RegExp;
  /** Outline icon, 24 × 24. */
  icon: string;
}

/** The signed-in pages, in the order of the spec's user flow. */
export const APP_LINKS: AppLink[] = [
  { label: "Dashboard", to: "/dashboard", icon: "M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10" },
  {
    label: "Recordings",
    to: "/recordings",
    section: /^\/transcription\//,
    icon: "M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3",
  },
  {
    label: "Workspaces",
    to: "/workspaces",
    section: /^\/workspaces\//,
    icon: "M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM20 19v-1a3 3 0 0 0-3-3M17 5a3 3 0 0 1 0 6M4 19v-1a3 3 0 0 1 3-3M7 5a3 3 0 0 0 0 6",
  },
  // Its pages (two-factor, passkeys) are part of it.
  {
    label: "Account",
    to: "/account",
    section: /^\/account\//,
    icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  },
  { label: "Data & privacy", to: "/data-privacy", icon: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" },
  { label: "Plan", to: "/plan-selection", section: /^\/plans$/, icon: "M4 7h16v10H4zM4 11h16M8 15h3" },
];

/**
 * "page" marks the page itself; "true" marks the section a page belongs to (Recordings on a recording's page),
 * so screen readers hear where the visitor is without being told they are on the list itself.
 */
export function currentState(link: AppLink, pathname: string): "page" | "true" | undefined {
  if (pathname === link.to) return "page";
  return link.section?.test(pathname) ? "true" : undefined;
}

const LINK_CLASS =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors " +
  "hover:bg-slate-100 hover:text-slate-900 aria-[current]:bg-brand-50 aria-[current]:text-brand-700";

export function AppNav({ className = "" }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="App" className={className}>
      <ul className="flex flex-col gap-1">
        {APP_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} aria-current={currentState(link, pathname)} className={LINK_CLASS}>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 shrink-0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={link.icon} />
              </svg>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
