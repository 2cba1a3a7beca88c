import * as TabsPrimitive from "@radix-ui/react-tabs";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/utils/use-hydrated";

export interface WorkspaceTab {
  /** The tab's name in the URL's hash (`#review`), and the id of its section. */
  value: string;
  label: string;
  content: ReactNode;
  /** True when the section inside already carries the id `value` (ReviewSection's `#review`, for one). */
  idInContent?: boolean;
}

/** Which tab holds the hash's target: a tab's own anchor, or any element in it (`#review-current` after a form). */
function tabOfHash(hash: string, tabs: readonly WorkspaceTab[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return null;
  if (tabs.some((tab) => tab.value === id)) return id;
  const panel = document.getElementById(id)?.closest<HTMLElement>("[data-workspace-tab]");
  return panel?.dataset.workspaceTab ?? null;
}

const TRIGGER_CLASS =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 " +
  "aria-selected:bg-slate-900 aria-selected:text-white";

/**
 * The side panel's tabs. Without JavaScript (and until hydration) they are in-page links to sections that are all
 * rendered, one after another; once React runs, Radix Tabs take over (the WAI-ARIA tabs pattern: arrow keys, Home
 * and End move between tabs) and only the chosen panel shows. The panels are the same elements in both modes, so
 * nothing in them mounts twice. The chosen tab is the URL's hash, so a reload, the back button and a form's redirect
 * (which names its section) come back to it.
 */
export function WorkspaceTabs({ label, tabs }: { label: string; tabs: readonly WorkspaceTab[] }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [value, setValue] = useState(tabs[0]?.value ?? "");

  // The hash after a load or a navigation (a form's redirect to `#versions-title`, a link to `#legal-export`, an
  // in-page link such as the page actions' `#export`) opens the tab that holds its target, and brings that target
  // into view once the tab shows.
  useEffect(() => {
    let frame = 0;
    const open = () => {
      const hash = window.location.hash;
      const tab = tabOfHash(hash, tabs);
      if (!tab) return;
      setValue(tab);
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => target?.scrollIntoView({ block: "start" }));
    };
    open();
    window.addEventListener("hashchange", open);
    return () => {
      window.removeEventListener("hashchange", open);
      cancelAnimationFrame(frame);
    };
    // Only a new location moves the panel; the tabs' content changes on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.hash]);

  const choose = (next: string) => {
    setValue(next);
    // The hash without a navigation: no loader runs and the page does not jump.
    window.history.replaceState(window.history.state, "", `${location.pathname}${location.search}#${next}`);
  };

  return (
    <TabsPrimitive.Root value={value} onValueChange={choose}>
      {hydrated ? (
        <TabsPrimitive.List aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
          {tabs.map((tab) => (
            <TabsPrimitive.Trigger key={tab.value} value={tab.value} className={TRIGGER_CLASS}>
              {tab.label}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
      ) : (
        <nav aria-label={label} className="border-b border-slate-200 pb-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {tabs.map((tab) => (
              <li key={tab.value}>
                <a href={`#${tab.value}`} className="font-medium text-brand-700 underline">
                  {tab.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {tabs.map((tab) => (
        <TabsPrimitive.Content
          key={tab.value}
          value={tab.value}
          // Every panel is rendered; the hidden attribute, not unmounting, keeps the others out of view.
          forceMount
          hidden={hydrated ? tab.value !== value : false}
          data-workspace-tab={tab.value}
          className="mt-4 scroll-mt-20"
          // Before hydration there is no tab list: the panels are plain sections, not tabpanels without tabs.
          {...(hydrated ? {} : { role: undefined, "aria-labelledby": undefined, tabIndex: undefined })}
        >
          {tab.idInContent ? (
            tab.content
          ) : (
            <div id={tab.value} className="scroll-mt-20">
              {tab.content}
            </div>
          )}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
