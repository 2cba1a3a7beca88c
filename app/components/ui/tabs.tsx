import type { ReactNode } from "react";
import { Link } from "react-router";
// clsx rather than cn: this half is in the landing page's first load, and tailwind-merge would add 9 KB gzip to it
// (docs/performance.md). Callers add classes that do not conflict (margins); the lazy Radix half uses cn.
import { clsx } from "clsx";
import { enhancement } from "./enhancement";

export interface LinkTab {
  value: string;
  label: ReactNode;
  /** Where the tab leads, such as `?feature=record#features`: the URL holds the active tab. */
  to: string;
}

export interface LinkTabsProps {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly LinkTab[];
  value: string;
  /** The active tab's panel. */
  children: ReactNode;
  /** Prefix of the tab and panel ids (`<idBase>-tab-<value>`, `<idBase>-panel-<value>`). */
  idBase: string;
  listClassName?: string;
  panelClassName?: string;
}

export const TAB_LIST_CLASS = "mx-auto flex w-fit rounded-full border border-slate-200 bg-slate-50 p-1";
export const TAB_CLASS =
  "rounded-full px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 sm:px-6 " +
  "aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow";

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

const useRadixTabs = enhancement(() => import("./tabs-radix"));

/**
 * Tabs whose triggers are links, so they work without JavaScript (each tab is a URL and the server renders its
 * panel). Once hydrated, Radix Tabs (loaded lazily) take over the tab list: arrow keys, Home and End move between
 * tabs, Enter or Space opens one, and React Router swaps the panel without a reload or a jump. The panel stays the
 * same element throughout, so what it holds is not mounted twice.
 */
export function LinkTabs({ children, panelClassName, ...list }: LinkTabsProps) {
  const radix = useRadixTabs();
  const { idBase, value } = list;
  return (
    <>
      {radix ? <radix.RadixTabList {...list} /> : <TabList {...list} />}
      <div
        id={panelId(idBase, value)}
        role="tabpanel"
        aria-labelledby={tabId(idBase, value)}
        tabIndex={0}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
}

export type TabListProps = Omit<LinkTabsProps, "children" | "panelClassName">;

function TabList({ label, tabs, value, idBase, listClassName }: TabListProps) {
  return (
    <div role="tablist" aria-label={label} className={clsx(TAB_LIST_CLASS, listClassName)}>
      {tabs.map((tab) => (
        <Link
          key={tab.value}
          id={tabId(idBase, tab.value)}
          to={tab.to}
          preventScrollReset
          replace
          role="tab"
          aria-selected={tab.value === value}
          aria-controls={tab.value === value ? panelId(idBase, tab.value) : undefined}
          className={TAB_CLASS}
        >
          {tab.label}
        </Link>
      ))}
    </div>
  );
}
