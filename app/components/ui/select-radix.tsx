import * as SelectPrimitive from "@radix-ui/react-select";
import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";
import { SELECT_CLASS, type SelectProps } from "./select";

/** Radix items cannot have the value "", which our selects use for a real choice ("No translation"). */
const EMPTY = "__empty__";
const toRadix = (value: string) => (value === "" ? EMPTY : value);
const fromRadix = (value: string) => (value === EMPTY ? "" : value);

function Chevron({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={cn("size-4", className)}
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="m5 8 5 5 5-5" />
    </svg>
  );
}

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        SELECT_CLASS,
        "flex items-center justify-between gap-2 bg-white text-left",
        "focus-visible:outline-2 focus-visible:outline-offset-2",
        "focus-visible:outline-brand-600 disabled:cursor-not-allowed data-[placeholder]:text-slate-500",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <Chevron className="shrink-0 text-slate-500" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position="popper"
        sideOffset={4}
        className={cn(
          "relative z-50 max-h-[min(20rem,var(--radix-select-content-available-height))]",
          "min-w-[var(--radix-select-trigger-width)]",
          "overflow-hidden rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex justify-center py-1 text-slate-500">
          <Chevron className="rotate-180" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex justify-center py-1 text-slate-500">
          <Chevron />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex cursor-default items-center rounded py-1.5 pr-2 pl-8 text-sm outline-none select-none",
        "data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="size-4"
          >
            <path strokeLinecap="round" strokeLinejoin="round" d="m4 10 4 4 8-8" />
          </svg>
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

/**
 * The hydrated half of `Select`: the same choices in a Radix Select, and a hidden input that posts the same name and
 * value as the native select did. A required select whose first choice has the value "" shows it as a placeholder.
 */
export function RadixSelect({
  options,
  first,
  value = "",
  onValueChange,
  name,
  id,
  disabled,
  required,
  className,
  form,
  ...rest
}: SelectProps) {
  const placeholder = required && first?.value === "" ? first.label : undefined;
  const choices = first && !placeholder ? [first, ...options] : options;
  return (
    <>
      <SelectPrimitive.Root
        value={placeholder && value === "" ? "" : toRadix(value)}
        onValueChange={(next) => onValueChange?.(fromRadix(next))}
        disabled={disabled}
        required={required}
      >
        <SelectTrigger
          id={id}
          aria-describedby={rest["aria-describedby"]}
          aria-invalid={rest["aria-invalid"]}
          className={className}
          data-enhanced=""
          data-value={value}
        >
          <SelectPrimitive.Value placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={toRadix(choice.value)} data-value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </SelectPrimitive.Root>
      {name ? <input type="hidden" name={name} value={value} form={form} disabled={disabled} /> : null}
    </>
  );
}
