import { useLocation } from "react-router";
import { LinkTabs } from "~/components/ui/tabs";
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

/**
 * The Upload Audio / Record Live switch. The tabs are links (?feature=…), so they work without JavaScript;
 * with it, they are Radix tabs and React Router swaps the panel without a reload or a jump.
 */
export function Features({ active, summaryLabel }: { active: FeatureTab; summaryLabel: string }) {
  const { search } = useLocation();
  const panel = FEATURE_TABS[active];
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        Everything you need from a recording
      </h2>
      <LinkTabs
        label="Ways to add audio"
        idBase="feature"
        value={active}
        tabs={TAB_ORDER.map((tab) => ({ value: tab, label: FEATURE_TABS[tab].label, to: tabHref(search, tab) }))}
        listClassName="mt-10"
        panelClassName="mt-8 rounded-2xl border border-slate-200 p-6 sm:p-8"
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
      </LinkTabs>
    </section>
  );
}
