import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/auth/auth-layout";
import { Field, FormErrors, useErrorToast } from "~/components/ui/field";
import { PASSWORD_RULE, ResetPasswordSchema, ResetRequestSchema } from "~/modules/accounts/registration";

type Reply = SubmissionResult<string[]> | null | undefined;

/** Forgot password: the request for a reset link. */
export function ResetRequestForm({ lastResult }: { lastResult?: Reply }) {
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Failed to send reset email");
  return (
    <Form method="post" action="/forgot-password" {...getFormProps(form)} className="space-y-4">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      <p className="text-slate-600">Enter your account's email and we'll send you a link to choose a new password.</p>
      <FormErrors form={form} title="Failed to send reset email" />
      <Field label="Email" field={fields.email} type="email" autoComplete="email" required />
      <SubmitButton label="Send reset link" busyLabel="Sending..." action="/forgot-password" />
      <p className="text-center text-sm">
        <Link to="/signin" className="text-brand-600 underline">
          Back to sign in
        </Link>
      </p>
    </Form>
  );
}

/** The new password, from the emailed link. */
export function ResetPasswordForm({ token, lastResult }: { token: string; lastResult?: Reply }) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Failed to reset password");
  return (
    <Form
      method="post"
      action={`/reset-password?token=${encodeURIComponent(token)}`}
      {...getFormProps(form)}
      className="space-y-4"
    >
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <FormErrors form={form} title="Failed to reset password" />
      <input type="hidden" name="token" value={token} />
      <Field
        label="New password"
        field={fields.password}
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_RULE}
      />
      <PasswordStrengthMeter password={fields.password.value ?? ""} />
      <Field
        label="Confirm new password"
        field={fields.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton label="Set new password" busyLabel="Saving..." action="/reset-password" />
    </Form>
  );
}
