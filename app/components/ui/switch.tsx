import { clsx } from "clsx";
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { enhancement } from "./enhancement";

export type SwitchProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "checked" | "defaultChecked" | "onChange"
> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

// clsx rather than cn: this half is on every page's first load (the cookie preferences), where
// tailwind-merge would cost 9 KB gzip (docs/performance.md).
export const SWITCH_CLASS =
  "relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors " +
  "disabled:cursor-not-allowed disabled:opacity-60";
const NATIVE_CLASS =
  "before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white " +
  "before:shadow " +
  "before:transition-transform checked:bg-brand-600 checked:before:translate-x-5";

const useRadixSwitch = enhancement(() => import("./switch-radix"));

/**
 * An on/off switch. The server renders a checkbox with role="switch", a real form control that posts without
 * JavaScript ("on" when checked, nothing when not); once hydrated, a Radix Switch (loaded lazily) takes its place
 * and posts the same name and value.
 */
export function Switch({ checked, defaultChecked = false, onCheckedChange, className, ...props }: SwitchProps) {
  const nativeRef = useRef<HTMLInputElement>(null);
  const [ownChecked, setOwnChecked] = useState(defaultChecked);
  const current = checked ?? ownChecked;
  const change = (next: boolean) => {
    setOwnChecked(next);
    onCheckedChange?.(next);
  };
  // A toggle made before hydration lives only in the DOM: carry it over.
  useEffect(() => {
    const native = nativeRef.current;
    if (native && native.checked !== current) change(native.checked);
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const radix = useRadixSwitch();
  if (radix) {
    // The checkbox is about to be replaced: if it has the focus, the Radix switch takes it, so a key pressed next
    // lands where the person put it.
    const focused =
      typeof document !== "undefined" && !!nativeRef.current && document.activeElement === nativeRef.current;
    return (
      <radix.RadixSwitch
        {...props}
        ref={focused ? (node: HTMLButtonElement | null) => node?.focus() : undefined}
        checked={current}
        onCheckedChange={change}
        className={className}
      />
    );
  }
  return (
    <input
      {...props}
      ref={nativeRef}
      type="checkbox"
      role="switch"
      checked={current}
      onChange={(event) => change(event.target.checked)}
      className={clsx(SWITCH_CLASS, NATIVE_CLASS, className)}
    />
  );
}
