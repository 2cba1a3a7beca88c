import type { ReactNode } from "react";
import { SharedTooltipProvider } from "./hint";
import { TooltipProvider } from "./tooltip";

/**
 * One TooltipProvider (700 ms delay, 300 ms skip delay) for every `Hint` below it, so that after one tooltip closes
 * the next opens at once if the pointer reaches it within 300 ms. It imports Radix Tooltip statically (20 KB gzip),
 * so it belongs in layouts outside the landing page's first-load budget: the signed-in app shell.
 */
export function HintProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <SharedTooltipProvider value={true}>{children}</SharedTooltipProvider>
    </TooltipProvider>
  );
}
