import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { cn } from "~/utils/cn";
import {
  ACCORDION_CLASS,
  ANSWER_CLASS,
  AccordionChevron,
  type AccordionEntry,
  ITEM_CLASS,
  SUMMARY_CLASS,
} from "./accordion";

/** Radix owns the open state, so the native toggle of a click on the summary is cancelled. */
function keepNativeToggleOff(event: React.MouseEvent<HTMLDetailsElement>) {
  const summary = (event.target as Element).closest("summary");
  if (summary && summary.parentElement === event.currentTarget) event.preventDefault();
}

/** A #link into a closed entry makes the browser open its `<details>` by itself: tell Radix, so the answer renders. */
function followNativeToggle(value: string[], entry: string, onValueChange: (value: string[]) => void) {
  return (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const open = event.currentTarget.open;
    if (open === value.includes(entry)) return;
    onValueChange(open ? [...value, entry] : value.filter((other) => other !== entry));
  };
}

/**
 * The hydrated half of `Accordion`: Radix's state, keyboard (arrow keys, Home, End) and ARIA on the same
 * `<details>`/`<summary>` markup as the server's version, so nothing moves when it takes over.
 */
export function RadixAccordion({
  items,
  value,
  onValueChange,
  className,
}: {
  items: readonly AccordionEntry[];
  value: string[];
  onValueChange: (value: string[]) => void;
  className?: string;
}) {
  return (
    <AccordionPrimitive.Root
      type="multiple"
      value={value}
      onValueChange={onValueChange}
      className={cn(ACCORDION_CLASS, className)}
      data-enhanced=""
    >
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.value} value={item.value} asChild>
          <details
            id={item.id}
            data-value={item.value}
            open={value.includes(item.value)}
            onClick={keepNativeToggleOff}
            onToggle={followNativeToggle(value, item.value, onValueChange)}
            className={ITEM_CLASS}
          >
            <AccordionPrimitive.Trigger asChild>
              <summary className={cn(SUMMARY_CLASS, "focus-visible:outline-2 focus-visible:outline-brand-600")}>
                {item.question}
                <AccordionChevron />
              </summary>
            </AccordionPrimitive.Trigger>
            <AccordionPrimitive.Content className={ANSWER_CLASS}>{item.answer}</AccordionPrimitive.Content>
          </details>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
