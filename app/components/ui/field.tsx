import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useId } from "react";
import { showToast } from "~/components/toaster";
import { cn } from "~/utils/cn";

const INPUT =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500";

/**
 * What a control needs from the form (ADR 011): Conform's field metadata (name, id, the value to refill and the
 * errors, from the browser's check or the server's reply), or, for a control outside a Conform form, an errors array.
 */
interface ControlProps {
  label: string;
  hint?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form schema
  field?: FieldMetadata<any, any, any>;
  errors?: string[];
}

/** The id, refill value and aria wiring shared by inputs and selects. */
function useControl({ field, errors, hint }: Omit<ControlProps, "label">, givenId: string | undefined) {
  const fallbackId = useId();
  const id = field?.id ?? givenId ?? fallbackId;
  const shown = field?.errors ?? errors;
  const invalid = Boolean(shown?.length);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const initialValue = typeof field?.initialValue === "string" ? field.initialValue : undefined;
  return {
    id,
    shown,
    errorId,
    hintId,
    key: field?.key,
    control: {
      id,
      name: field?.name,
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? errorId : hint ? hintId : undefined,
    },
    initialValue,
  };
}

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

/** The field's errors, announced as they appear; the control points at them with aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {errors.map((error) => (
        <span key={error} className="block">
          {error}
        </span>
      ))}
    </p>
  );
}

/** Under a control: its hint while it has no errors, else its errors. */
function FieldNotes({
  hint,
  hintId,
  errors,
  errorId,
}: {
  hint?: string;
  hintId: string;
  errors?: string[];
  errorId: string;
}) {
  return (
    <>
      {hint && !errors?.length ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </>
  );
}

/** A labelled input with its errors wired up for screen readers. */
export function Field({
  label,
  hint,
  field,
  errors,
  id: givenId,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & ControlProps) {
  const { key, control, shown, errorId, hintId, initialValue } = useControl({ field, errors, hint }, givenId);
  const refill = input.value === undefined && input.defaultValue === undefined && input.type !== "password";
  return (
    <div>
      <Label htmlFor={control.id}>{label}</Label>
      <input key={key} className={INPUT} defaultValue={refill ? initialValue : undefined} {...control} {...input} />
      <FieldNotes hint={hint} hintId={hintId} errors={shown} errorId={errorId} />
    </div>
  );
}

/** A labelled text area with its errors wired up for screen readers. */
export function TextArea({
  label,
  hint,
  field,
  errors,
  id: givenId,
  ...textarea
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & ControlProps) {
  const { key, control, shown, errorId, hintId, initialValue } = useControl({ field, errors, hint }, givenId);
  const refill = textarea.value === undefined && textarea.defaultValue === undefined;
  return (
    <div>
      <Label htmlFor={control.id}>{label}</Label>
      <textarea
        key={key}
        className={INPUT}
        defaultValue={refill ? initialValue : undefined}
        {...control}
        {...textarea}
      />
      <FieldNotes hint={hint} hintId={hintId} errors={shown} errorId={errorId} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  field,
  errors,
  options,
  placeholder,
  id: givenId,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> &
  ControlProps & {
    options: readonly string[];
    placeholder: string;
  }) {
  const { key, control, shown, errorId, initialValue } = useControl({ field, errors, hint }, givenId);
  const refill = select.value === undefined && select.defaultValue === undefined;
  return (
    <div>
      <Label htmlFor={control.id}>{label}</Label>
      <select key={key} className={INPUT} defaultValue={refill ? initialValue : undefined} {...control} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} errors={shown} />
    </div>
  );
}

export function FormAlert({
  tone = "error",
  title,
  id,
  children,
}: {
  tone?: "error" | "success";
  title?: string;
  id?: string;
  children: React.ReactNode;
}) {
  const style =
    tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900";
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={cn("rounded-md border p-3 text-sm", style)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <p>{children}</p>
    </div>
  );
}

/** The form's own errors (not one field's: "Invalid email or password"), under the form's title. */
export function FormErrors({
  form,
  title,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form schema
  form: FormMetadata<any, string[]>;
  title?: string;
}) {
  if (!form.errors?.length) return null;
  return (
    <FormAlert id={form.errorId} title={title}>
      {form.errors.join(" ")}
    </FormAlert>
  );
}

/** The first message of a reply: the form's own, or else the first field's in the order given. */
export function firstError(result: SubmissionResult<string[]> | null | undefined, order: readonly string[] = []) {
  const errors = result?.error;
  if (!errors) return undefined;
  const names = [...order, ...Object.keys(errors).filter((name) => !order.includes(name))];
  for (const name of ["", ...names]) {
    const messages = errors[name];
    if (messages?.length) return messages[0];
  }
  return undefined;
}

/**
 * With JavaScript, a refused submission also shows as a toast (spec section 8). Without it the inline errors,
 * rendered by the server from the same reply, say the same.
 */
export function useErrorToast(
  result: SubmissionResult<string[]> | null | undefined,
  title: string,
  describe: (result: SubmissionResult<string[]>) => string | undefined = (reply) => firstError(reply),
) {
  useEffect(() => {
    if (result?.status !== "error") return;
    const description = describe(result);
    if (description) showToast({ type: "error", title, description });
    // The toast belongs to this reply only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
