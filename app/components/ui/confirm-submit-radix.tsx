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
  return (
    <Dialog>
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
          <button type="submit" form={form} name={name} value={value} className={buttonClass("danger")}>
            {confirmLabel}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
