import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/**
 * A wide table's horizontal scroller (on a 390 px screen it scrolls). It is a named region in the tab order, so
 * keyboard users can scroll it with the arrow keys (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      {children}
    </div>
  );
}
