import * as SwitchPrimitive from "@radix-ui/react-switch";
import type { Ref } from "react";
import { cn } from "~/utils/cn";
import { SWITCH_CLASS, type SwitchProps } from "./switch";

/** The hydrated half of `Switch`: a Radix Switch; inside a form it posts `name=on` when on, as the checkbox did. */
export function RadixSwitch({
  id,
  name,
  checked,
  onCheckedChange,
  disabled,
  required,
  className,
  ref,
  ...rest
}: SwitchProps & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <SwitchPrimitive.Root
      ref={ref}
      id={id}
      name={name}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      required={required}
      aria-describedby={rest["aria-describedby"]}
      data-enhanced=""
      className={cn(
        SWITCH_CLASS,
        "inline-flex items-center p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2",
        "focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600",
        className,
      )}
    >
      <SwitchPrimitive.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
