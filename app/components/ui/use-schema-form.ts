import { type SubmissionResult, useForm } from "@conform-to/react";
import type { FormEvent } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * One form of a page: Conform checking the action's own schema in the browser (on blur, then as the user types) and
 * refilled from the server's reply. `intent` fills in the submit button's value while validating, for schemas that
 * require it: the browser's FormData lacks the button until the form is sent.
 */
export function useSchemaForm<Schema extends z.ZodType>(
  id: string,
  schema: Schema,
  reply: SubmissionResult<string[]> | undefined,
  {
    defaultValue,
    intent,
    shouldValidate = "onBlur",
    onSubmit,
  }: {
    defaultValue?: Record<string, string>;
    intent?: string;
    /** When a field is first checked; after that it is checked again as the user types. */
    shouldValidate?: "onSubmit" | "onBlur" | "onInput";
    /** Sends a valid form another way than the browser's post (the upload's tus): call `event.preventDefault()`. */
    onSubmit?: (event: FormEvent<HTMLFormElement>, sent: { formData: FormData }) => void;
  } = {},
) {
  return useForm({
    id,
    lastResult: reply,
    defaultValue,
    onValidate: ({ formData }) => {
      if (intent && !formData.has("intent")) formData.set("intent", intent);
      return parseWithZod(formData, { schema });
    },
    shouldValidate,
    shouldRevalidate: "onInput",
    onSubmit,
  });
}
