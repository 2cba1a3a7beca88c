import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/auth/auth-layout";
import { Field, FormErrors, useErrorToast } from "~/components/ui/field";
import { withRedirect } from "~/utils/redirect";
import { SignInSchema } from "~/modules/accounts/registration";

export function SignInForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Login Failed");
  return (
    <Form method="post" action={withRedirect("/signin", redirectTo)} {...getFormProps(form)} className="space-y-4">
      <h1 className="text-2xl font-bold">Welcome back</h1>
      <FormErrors form={form} title="Login Failed" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label="Email" field={fields.email} type="email" autoComplete="email" required />
      <Field label="Password" field={fields.password} type="password" autoComplete="current-password" required />
      <SubmitButton label="Sign In" busyLabel="Signing in..." action="/signin" />
      <p className="flex justify-center gap-6 text-center text-sm">
        <Link to="/forgot-password" className="text-brand-600 underline">
          Forgot password?
        </Link>
        <Link to={withRedirect("/signin/sso", redirectTo)} className="text-brand-600 underline">
          Sign in with SSO
        </Link>
      </p>
    </Form>
  );
}
