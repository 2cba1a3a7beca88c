import { Link, useLocation } from "react-router";
import { formatDate } from "~/utils/dates";
import { PREFERENCES_PARAM } from "~/modules/consent/cookie-consent";
import { Logo } from "./logo";

/** Shared with the app shell's footer. */
export const LEGAL_LINKS = [
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Cookies", to: "/cookies" },
  { label: "Security", to: "/security" },
];

const COLUMNS = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/#features" },
      { label: "Pricing", to: "/#pricing" },
      { label: "Demo", to: "/#demo" },
      { label: "For business", to: "/business" },
    ],
  },
  {
    title: "Solutions",
    links: [
      { label: "Content creators", to: "/content-creators" },
      { label: "Education", to: "/education" },
      { label: "Sales & marketing", to: "/sales-marketing" },
      { label: "Personal productivity", to: "/personal-productivity" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Blog", to: "/blog" },
      { label: "Help center", to: "/help" },
      { label: "How-to guides", to: "/howto" },
      { label: "Email templates", to: "/email-templates" },
    ],
  },
  { title: "Legal", links: LEGAL_LINKS },
];

/** The current URL with the Cookie Preferences dialog open. */
export function usePreferencesHref() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(PREFERENCES_PARAM, "open");
  return `${location.pathname}?${params}`;
}

export function SiteFooter() {
  const preferencesHref = usePreferencesHref();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">Transcribe, translate and summarise recordings, in your browser.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-slate-900">
                    {link.label}
                  </Link>
                </li>
              ))}
              {column.title === "Legal" ? (
                <li>
                  <Link to={preferencesHref} preventScrollReset className="text-sm text-slate-600 hover:text-slate-900">
                    Cookie settings
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-500">
          © {formatDate(Date.now(), "year")} Voxlate. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
