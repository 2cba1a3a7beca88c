import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/utils/cn";
import { panelId, TAB_CLASS, TAB_LIST_CLASS, tabId, type TabListProps } from "./tabs";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn(TAB_LIST_CLASS, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(TAB_CLASS, className)} {...props} />;
}

export function TabsContent(props: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content {...props} />;
}

/** A plain click is handled by Radix (on mouse down); other clicks (new tab, new window) stay the browser's. */
function leaveToRadix(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey)
    event.preventDefault();
}

/**
 * The hydrated half of `LinkTabs`: the same links as Radix tab triggers (manual activation: arrow keys move the
 * focus, Enter or Space opens the tab). The panel is `LinkTabs`' own element, so only the active tab controls one.
 */
export function RadixTabList({ label, tabs, value, idBase, listClassName }: TabListProps) {
  const navigate = useNavigate();
  const open = (next: string) => {
    const tab = tabs.find((candidate) => candidate.value === next);
    if (tab && next !== value) void navigate(tab.to, { replace: true, preventScrollReset: true });
  };
  return (
    <Tabs value={value} onValueChange={open} activationMode="manual" data-enhanced="">
      <TabsList aria-label={label} className={listClassName}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} asChild>
            <Link
              // Radix's trigger is a button: a link takes no type="button".
              type={undefined}
              id={tabId(idBase, tab.value)}
              aria-controls={tab.value === value ? panelId(idBase, tab.value) : undefined}
              to={tab.to}
              preventScrollReset
              replace
              onClick={leaveToRadix}
            >
              {tab.label}
            </Link>
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  );
}
