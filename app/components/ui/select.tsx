import type { SelectHTMLAttributes } from "react";

export const SELECT_CLASS = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 disabled:bg-slate-100";

/**
 * A native select over `{ value, label }` options, with an optional first choice (such as "No translation").
 * Controlled when `onValueChange` is given, else uncontrolled with `defaultValue`.
 */
export function Select({
  options,
  first,
  onValueChange,
  className = SELECT_CLASS,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> & {
  options: readonly { value: string; label: string }[];
  first?: { value: string; label: string };
  onValueChange?: (value: string) => void;
}) {
  return (
    <select {...props} onChange={onValueChange ? (event) => onValueChange(event.target.value) : undefined} className={className}>
      {first ? <option value={first.value}>{first.label}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
