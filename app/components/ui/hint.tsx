import { cloneElement, type ReactElement } from "react";
import { enhancement } from "./enhancement";

const useRadixTooltip = enhancement(() => import("./tooltip"));

/**
 * A tooltip naming an icon-only control. The control must carry its own accessible name (aria-label): the tooltip is
 * for sighted mouse and keyboard users. Without JavaScript the browser's own tooltip shows it (`title`); once
 * hydrated, a Radix tooltip with the spec's delays (loaded lazily: Radix Tooltip with its positioning is 20 KB gzip,
 * which the landing page's first load cannot carry, see docs/performance.md).
 *
 * Each hint brings its own TooltipProvider, as a provider in root.tsx would put that code into every first load.
 * The skip delay therefore applies within one provider only: for a group of tooltips on a page without the budget,
 * use `TooltipProvider` and `Tooltip` from ./tooltip around the group.
 */
export function Hint({
  label,
  children,
  side,
}: {
  label: string;
  children: ReactElement<{ title?: string }>;
  side?: "top" | "bottom" | "left" | "right";
}) {
  const radix = useRadixTooltip();
  if (radix)
    return (
      <radix.RadixHint label={label} side={side}>
        {children}
      </radix.RadixHint>
    );
  return cloneElement(children, { title: label });
}
