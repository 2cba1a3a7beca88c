import { useState } from "react";
import { buttonClass } from "./button";
import type { ConfirmSubmitProps } from "./confirm-submit";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./dialog";

/**
 * The hydrated half of `ConfirmSubmit`: the question in a modal dialog. The dialog sits in a portal outside the
 * form, so its submit button names the form by id; React Router's <Form> still sees it as the submitter.
 */
export function ConfirmDialog({
  form,
  name,
  value,
  label,
  title,
  description,
  confirmLabel,
  variant = "danger",
  className,
  disabled,
  ...rest
}: ConfirmSubmitProps) {
  // Closed once the confirmed submit is on its way: an action that answers with the same page (a member's factors
  // reset) must not leave the question open over the result. After the click's default action, so the form is sent.
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          disabled={disabled}
          aria-label={rest["aria-label"]}
          data-enhanced=""
          className={buttonClass(variant, className)}
        >
          {label}
        </button>
      </DialogTrigger>
      <DialogContent role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <button type="button" className={buttonClass("secondary")}>
              Cancel
            </button>
          </DialogClose>
          <button
            type="submit"
            form={form}
            name={name}
            value={value}
            className={buttonClass("danger")}
            onClick={() => setTimeout(() => setOpen(false))}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
