import { useEffect, useRef, useState, type SelectHTMLAttributes } from "react";
import { cn } from "~/utils/cn";
import { enhancement } from "./enhancement";

export const SELECT_CLASS = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 disabled:bg-slate-100";

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value" | "defaultValue"> & {
  options: readonly SelectOption[];
  /** A choice before the options, such as "No translation"; with `required` and value "", a placeholder. */
  first?: SelectOption;
  /** Controlled when given (with `onValueChange`); otherwise `defaultValue`, else the first choice. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

const useRadixSelect = enhancement(() => import("./select-radix"));

/**
 * A select over `{ value, label }` options. The server and the first client render give a native `<select>`, which
 * posts without JavaScript; once hydrated, the Radix Select (loaded lazily, styled like the rest of the site)
 * replaces it and posts the same name and values through a hidden input.
 */
export function Select({ options, first, value, defaultValue, onValueChange, className, ...props }: SelectProps) {
  const nativeRef = useRef<HTMLSelectElement>(null);
  const [ownValue, setOwnValue] = useState(defaultValue ?? first?.value ?? options[0]?.value ?? "");
  const current = value ?? ownValue;
  const change = (next: string) => {
    setOwnValue(next);
    onValueChange?.(next);
  };

  // A choice made before hydration lives only in the DOM: carry it over before the Radix version replaces it.
  useEffect(() => {
    const chosen = nativeRef.current?.value;
    if (chosen !== undefined && chosen !== current) change(chosen);
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const radix = useRadixSelect();
  if (radix) {
    return (
      <radix.RadixSelect
        {...props}
        options={options}
        first={first}
        value={current}
        onValueChange={change}
        className={className}
      />
    );
  }
  return (
    <select
      {...props}
      ref={nativeRef}
      value={current}
      onChange={(event) => change(event.target.value)}
      className={cn(SELECT_CLASS, className)}
    >
      {first ? <option value={first.value}>{first.label}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
