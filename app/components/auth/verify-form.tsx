import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { SubmitButton } from "~/components/auth/auth-layout";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors, useErrorToast } from "~/components/ui/field";
import { withRedirect } from "~/utils/redirect";
import { VerifyCodeSchema, VerifyOtherSchema } from "~/modules/accounts/registration";

type Reply = SubmissionResult<string[]> | null | undefined;
/** Both forms post to /verify-email; each takes the reply to its own intent. */
const replyTo = (lastResult: Reply, intents: string[]) =>
  intents.includes(String(lastResult?.initialValue?.intent)) ? lastResult : undefined;

export function VerifyForm({
  email,
  redirectTo,
  lastResult,
}: {
  email: string;
  redirectTo: string;
  lastResult?: Reply;
}) {
  const codeReply = replyTo(lastResult, ["verify"]);
  const otherReply = replyTo(lastResult, ["resend", "back-to-registration"]);
  const [form, fields] = useForm({
    id: "verify",
    lastResult: codeReply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VerifyCodeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [otherForm] = useForm({
    id: "verify-other",
    lastResult: otherReply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VerifyOtherSchema }),
  });
  useErrorToast(codeReply, "Verification Failed");
  useErrorToast(otherReply, "Failed to resend code");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Check your email</h1>
      <p className="text-slate-600">
        We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>. It expires in 10 minutes.
      </p>
      <FormErrors form={form} title="Verification Failed" />
      <FormErrors form={otherForm} title="Failed to resend code" />
      <Form
        method="post"
        action={withRedirect("/verify-email", redirectTo)}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Verification code"
          field={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-center text-2xl tracking-[0.5em]"
        />
        <SubmitButton label="Verify" busyLabel="Verifying..." action="/verify-email" intent="verify" />
      </Form>
      <Form
        method="post"
        action={withRedirect("/verify-email", redirectTo)}
        {...getFormProps(otherForm)}
        className="flex items-center justify-between gap-2"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="back-to-registration" className={buttonClass("ghost")}>
          Back to Registration
        </button>
        <button type="submit" name="intent" value="resend" className={buttonClass("secondary")}>
          Resend Code
        </button>
      </Form>
    </div>
  );
}
