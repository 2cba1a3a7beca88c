import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, firstError, FormErrors, SelectField, useErrorToast } from "~/components/ui/field";
import {
  EmailSchema,
  FirstNameSchema,
  HEAR_ABOUT_US,
  IndustrySchema,
  INDUSTRIES,
  LastNameSchema,
  OTHER_INDUSTRY,
  PASSWORD_RULE,
  PasswordSchema,
  SIGNUP_STEPS,
  SIGNUP_TOASTS,
  type SignupProgress,
  signupSchema,
  type SignupStep,
} from "~/modules/accounts/registration";
import { withRedirect } from "~/utils/redirect";
import { useHydrated } from "~/utils/use-hydrated";

/** Spec section 9: the next field appears 300 ms after the current one becomes valid. */
export const STEP_DELAY_MS = 300;

export interface SignUpDraft {
  firstName: string;
  lastName: string;
  email: string;
  industry: string;
  hearAboutUs: string;
}

/** The spec's submit toast: the first failing step's, in step order (section 5). */
function signupToast(reply: SubmissionResult<string[]>): string | undefined {
  const step = SIGNUP_STEPS.find((name) => reply.error?.[name]?.length);
  return step ? (SIGNUP_TOASTS[step] ?? reply.error![step]![0]) : firstError(reply);
}

export function SignUpForm({
  draft,
  progress,
  redirectTo,
  lastResult,
}: {
  draft: SignUpDraft;
  progress: SignupProgress;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [visible, setVisible] = useState(progress.shownSteps);
  const knownIndustry = INDUSTRIES.includes(draft.industry as (typeof INDUSTRIES)[number]);
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    defaultValue: {
      firstName: draft.firstName,
      lastName: draft.lastName,
      email: draft.email,
      industry: draft.industry ? (knownIndustry ? draft.industry : OTHER_INDUSTRY) : "",
      industryOther: draft.industry && !knownIndustry ? draft.industry : "",
      hearAboutUs: draft.hearAboutUs.startsWith("Other") ? "Other" : draft.hearAboutUs,
      hearAboutUsOther: draft.hearAboutUs.startsWith("Other: ") ? draft.hearAboutUs.slice(7) : "",
    },
    // The steps on screen must be answered; the browser checks with the server's schema.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: signupSchema({ ...progress, shownSteps: visible }) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useErrorToast(lastResult, "Error", signupToast);

  const value = (name: SignupStep | "industryOther") => {
    const current = fields[name].value;
    return typeof current === "string" ? current : "";
  };
  const password = value("password");
  const confirmation = value("confirmPassword");
  const industryOk =
    IndustrySchema.safeParse(value("industry")).success &&
    (value("industry") !== OTHER_INDUSTRY || value("industryOther").trim() !== "");
  // Which steps are valid as typed; a saved password is not on the page, so its checks are the server's.
  const valid: Record<SignupStep, boolean> = {
    firstName: FirstNameSchema.safeParse(value("firstName")).success,
    lastName: LastNameSchema.safeParse(value("lastName")).success,
    email: EmailSchema.safeParse(value("email")).success,
    password: password ? PasswordSchema.safeParse(password).success : progress.passwordSaved,
    confirmPassword: confirmation
      ? password
        ? confirmation === password
        : progress.passwordSaved && PasswordSchema.safeParse(confirmation).success
      : progress.passwordConfirmed && !password,
    industry: industryOk,
  };
  const validPrefix = SIGNUP_STEPS.findIndex((step) => !valid[step]);
  const completed = validPrefix === -1 ? SIGNUP_STEPS.length : validPrefix;

  useEffect(() => {
    if (!hydrated || completed < visible || visible >= SIGNUP_STEPS.length) return;
    const timer = setTimeout(
      () => setVisible((count) => Math.max(count, Math.min(completed + 1, SIGNUP_STEPS.length))),
      STEP_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [hydrated, completed, visible]);

  const showCreate = hydrated ? visible === SIGNUP_STEPS.length && industryOk : progress.shownSteps === 6;

  return (
    <Form
      method="post"
      action={withRedirect("/signup", redirectTo)}
      {...getFormProps(form)}
      className="space-y-4"
      noValidate
    >
      <h1 className="text-2xl font-bold">Create your account</h1>
      <p className="text-sm text-slate-600">Start free with 5 minutes of transcription every month. No credit card.</p>
      <FormErrors form={form} title="Error" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label="First name" field={fields.firstName} autoComplete="given-name" required />
      {visible >= 2 ? <Field label="Last name" field={fields.lastName} autoComplete="family-name" required /> : null}
      {visible >= 3 ? <Field label="Email" field={fields.email} type="email" autoComplete="email" required /> : null}
      {visible >= 4 ? (
        <Field
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint={progress.passwordSaved ? "Saved. Leave empty to keep it." : PASSWORD_RULE}
        />
      ) : null}
      {visible >= 4 ? (
        <PasswordStrengthMeter
          password={password}
          userInputs={[value("email"), value("firstName"), value("lastName")]}
        />
      ) : null}
      {visible >= 5 ? (
        <Field
          label="Confirm password"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          hint={progress.passwordConfirmed ? "Confirmed." : undefined}
        />
      ) : null}
      {visible >= 6 ? (
        <>
          <SelectField
            label="Industry"
            field={fields.industry}
            options={INDUSTRIES}
            placeholder="Select your industry"
            required
          />
          {!hydrated || value("industry") === OTHER_INDUSTRY ? (
            <Field
              label={hydrated ? "Please specify your industry" : "If Other: please specify your industry"}
              field={fields.industryOther}
              maxLength={200}
            />
          ) : null}
          <SelectField
            label="How did you hear about us? (optional)"
            field={fields.hearAboutUs}
            options={HEAR_ABOUT_US}
            placeholder="Choose one"
          />
          {!hydrated || fields.hearAboutUs.value === "Other" ? (
            <Field
              label={hydrated ? "Tell us where" : "If Other: tell us where"}
              field={fields.hearAboutUsOther}
              maxLength={150}
            />
          ) : null}
        </>
      ) : null}
      {showCreate ? (
        <button type="submit" name="submit" value="create" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Creating account..." : "Create Account"}
        </button>
      ) : hydrated ? null : (
        <button type="submit" name="submit" value="next" className={buttonClass("primary", "w-full")}>
          Continue
        </button>
      )}
    </Form>
  );
}
