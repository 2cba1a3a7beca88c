import { cloneElement, createContext, type ReactElement, useContext } from "react";
import { enhancement } from "./enhancement";

const useRadixTooltip = enhancement(() => import("./tooltip"));

/** True below a HintProvider, whose Radix TooltipProvider the hints then share instead of bringing their own. */
export const SharedTooltipProvider = createContext(false);

/**
 * A tooltip naming an icon-only control. The control must carry its own accessible name (aria-label): the tooltip is
 * for sighted mouse and keyboard users. Without JavaScript the browser's own tooltip shows it (`title`); once
 * hydrated, a Radix tooltip with the spec's delays (loaded lazily: Radix Tooltip with its positioning is 20 KB gzip,
 * which the landing page's first load cannot carry, see docs/performance.md).
 *
 * Below a `HintProvider` (./hint-provider: the signed-in app shell) every hint shares that one TooltipProvider, so
 * moving from one tooltip to the next within the spec's 300 ms opens it at once. Elsewhere (the marketing pages, the
 * support chat) a hint brings its own provider, as one in root.tsx would put Radix Tooltip into every first load.
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
  const shared = useContext(SharedTooltipProvider);
  if (radix)
    return (
      <radix.RadixHint label={label} side={side} shared={shared}>
        {children}
      </radix.RadixHint>
    );
  return cloneElement(children, { title: label });
}
