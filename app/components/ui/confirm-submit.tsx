import { useEffect, useRef, useState } from "react";
import { enhancement } from "./enhancement";
import { buttonClass, type ButtonVariant } from "./button";

export interface ConfirmSubmitProps {
  /** The id of the form the confirmed button submits. */
  form: string;
  /** The submit button's name and value, as the action reads them (e.g. intent=delete). */
  name: string;
  value: string;
  /** The button that asks: "Delete". */
  label: string;
  /** What the question is about: "Delete “Board meeting”?". */
  title: string;
  /** What cannot be undone. */
  description: string;
  /** The button that does it: "Delete recording". */
  confirmLabel: string;
  /** The asking button's look; the confirming one is always "danger". */
  variant?: ButtonVariant;
  className?: string;
  disabled?: boolean;
  "aria-label"?: string;
  /**
   * Where the question opens without JavaScript: under the button by default; a table row passes a floating panel,
   * so that the closed question does not widen its cell.
   */
  questionClassName?: string;
}

const useRadixConfirm = enhancement(() => import("./confirm-submit-radix"));

/**
 * A destructive submit that asks first. Without JavaScript (and until the dialog's code has loaded) it is a
 * disclosure: the first button opens the question and the real submit button beside it; once hydrated, the same
 * question opens in a modal Radix Dialog. Either way the action receives the same name and value.
 */
export function ConfirmSubmit(props: ConfirmSubmitProps) {
  const radix = useRadixConfirm();
  const details = useRef<HTMLDetailsElement>(null);
  // A question opened before the dialog's code arrived stays open where it is: swapping it for a closed dialog
  // would make the click look lost. Once it is closed, the dialog takes over.
  const [questionOpen, setQuestionOpen] = useState(false);
  useEffect(() => {
    if (details.current?.open) setQuestionOpen(true);
  }, []);
  if (radix && !questionOpen) return <radix.ConfirmDialog {...props} />;
  const { form, name, value, label, title, description, confirmLabel, variant = "danger", className } = props;
  return (
    <details
      ref={details}
      className={props.questionClassName ? "group relative" : "group"}
      onToggle={(event) => setQuestionOpen(event.currentTarget.open)}
    >
      <summary aria-label={props["aria-label"]} className={buttonClass(variant, `list-none ${className ?? ""}`)}>
        {label}
      </summary>
      <div
        role="group"
        aria-label={title}
        className={`mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3 ${props.questionClassName ?? ""}`}
      >
        <p className="text-sm font-semibold text-red-900">{title}</p>
        <p className="text-sm text-red-900">{description}</p>
        <button type="submit" form={form} name={name} value={value} className={buttonClass("danger")}>
          {confirmLabel}
        </button>
      </div>
    </details>
  );
}
