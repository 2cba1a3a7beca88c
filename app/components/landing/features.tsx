import { Link, useLocation } from "react-router";
import { FEATURE_TABS, type FeatureTab } from "~/content/landing";
import { CheckIcon } from "./check-icon";
import { LiveRecordingMock, UploadTour } from "./mock-tours";

const TAB_ORDER: FeatureTab[] = ["upload", "record"];

/** Keeps the other query parameters (such as the billing period) when switching tabs. */
function tabHref(search: string, tab: FeatureTab): string {
  const params = new URLSearchParams(search);
  params.set("feature", tab);
  return `?${params}#features`;
}

/** Arrow keys, Home and End move between tabs, as in the ARIA tabs pattern; Enter follows the link. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  const last = tabs.length - 1;
  const next = {
    ArrowRight: current === last ? 0 : current + 1,
    ArrowLeft: current <= 0 ? last : current - 1,
    Home: 0,
    End: last,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tabs[next]?.focus();
}

/**
 * The Upload Audio / Record Live switch. The tabs are links (?feature=…), so they work without JavaScript;
 * with it, React Router swaps the panel without a reload or a jump.
 */
export function Features({ active, summaryLabel }: { active: FeatureTab; summaryLabel: string }) {
  const { search } = useLocation();
  const panel = FEATURE_TABS[active];
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        Everything you need from a recording
      </h2>
      <div
        role="tablist"
        aria-label="Ways to add audio"
        onKeyDown={moveFocus}
        className="mx-auto mt-10 flex w-fit rounded-full border border-slate-200 bg-slate-50 p-1"
      >
        {TAB_ORDER.map((tab) => {
          const selected = tab === active;
          return (
            <Link
              key={tab}
              id={`feature-tab-${tab}`}
              to={tabHref(search, tab)}
              preventScrollReset
              replace
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? "feature-panel" : undefined}
              className={`rounded-full px-4 py-2 text-sm font-semibold sm:px-6 ${selected ? "bg-white text-slate-900 shadow" : "text-slate-600 hover:text-slate-900"}`}
            >
              {FEATURE_TABS[tab].label}
            </Link>
          );
        })}
      </div>
      <div
        id="feature-panel"
        role="tabpanel"
        aria-labelledby={`feature-tab-${active}`}
        tabIndex={0}
        className="mt-8 rounded-2xl border border-slate-200 p-6 sm:p-8"
      >
        <p className="text-center text-lg text-slate-700">{panel.lead}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {panel.points.map((point) => (
            <li key={point.title} className="flex gap-3">
              <CheckIcon className="mt-0.5" />
              <div>
                <h3 className="font-semibold">{point.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
        {active === "upload" ? <UploadTour summaryLabel={summaryLabel} /> : <LiveRecordingMock />}
      </div>
    </section>
  );
}
