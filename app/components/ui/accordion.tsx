import { useEffect, useRef, useState, type ReactNode } from "react";
// clsx rather than cn: this half is in the landing page's first load, and tailwind-merge would add 9 KB gzip to it
// (docs/performance.md). Callers add classes that do not conflict (margins); the lazy Radix half uses cn.
import { clsx } from "clsx";
import { enhancement } from "./enhancement";

export interface AccordionEntry {
  /** Unique within the accordion; also the element id when `id` is set, so #links open the entry. */
  value: string;
  id?: string;
  question: ReactNode;
  answer: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionEntry[];
  /** Entries open at first (for example every entry that matches a search). */
  defaultOpen?: readonly string[];
  className?: string;
}

export const ACCORDION_CLASS = "divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white";
export const ITEM_CLASS = "group p-5";
export const SUMMARY_CLASS =
  "flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 " +
  "[&::-webkit-details-marker]:hidden";
export const ANSWER_CLASS = "mt-3 text-slate-600";

export function AccordionChevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="m5 8 5 5 5-5" />
    </svg>
  );
}

const useRadixAccordion = enhancement(() => import("./accordion-radix"));

/**
 * Questions that open and close. The server renders `<details>`, which opens and closes without JavaScript; once
 * hydrated, a Radix Accordion (loaded lazily) drives the same `<details>` and adds the arrow keys, Home and End.
 */
export function Accordion({ items, defaultOpen = [], className }: AccordionProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<string[]>([...defaultOpen]);
  // Entries opened before hydration (or by a #link) are open in the DOM only: keep them open.
  useEffect(() => {
    const details = listRef.current?.querySelectorAll<HTMLDetailsElement>(":scope > details[open]") ?? [];
    setOpen(Array.from(details, (element) => element.dataset.value ?? ""));
  }, []);

  const radix = useRadixAccordion();
  if (radix) return <radix.RadixAccordion items={items} value={open} onValueChange={setOpen} className={className} />;
  return (
    <div ref={listRef} className={clsx(ACCORDION_CLASS, className)}>
      {items.map((item) => (
        <details
          key={item.value}
          id={item.id}
          data-value={item.value}
          open={defaultOpen.includes(item.value)}
          // Opened or closed after hydration but before Radix has loaded: Radix starts from this state, or it would
          // close again an entry the reader has just opened.
          onToggle={(event) => {
            const opened = event.currentTarget.open;
            setOpen((value) => [...value.filter((entry) => entry !== item.value), ...(opened ? [item.value] : [])]);
          }}
          className={ITEM_CLASS}
        >
          <summary className={SUMMARY_CLASS}>
            {item.question}
            <AccordionChevron />
          </summary>
          <div className={ANSWER_CLASS}>{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
