// clsx rather than cn: buttons are on the landing page's first load, where tailwind-merge would cost 9 KB gzip
// (docs/performance.md); the extra classes callers pass add to the variant (width, margins) and do not conflict.
import { clsx } from "clsx";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

export type ButtonVariant = keyof typeof VARIANTS;

/** Classes for a button, or a link that looks like one. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return clsx(BASE, VARIANTS[variant], extra);
}
