import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, Field, SelectField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/button";
import {
  EmailSchema,
  FirstNameSchema,
  HEAR_ABOUT_US,
  INDUSTRIES,
  LastNameSchema,
  OTHER_INDUSTRY,
  PasswordSchema,
} from "~/modules/accounts/registration";
import { useHydrated } from "~/utils/use-hydrated";

/** Spec section 9: the next field appears 300 ms after the current one becomes valid. */
export const STEP_DELAY_MS = 300;

export interface SignUpDraft {
  firstName: string;
  lastName: string;
  email: string;
  industry: string;
  hearAboutUs: string;
  passwordSaved: boolean;
  passwordConfirmed: boolean;
  visibleSteps: number;
}

type Errors = Partial<Record<"firstName" | "lastName" | "email" | "password" | "confirmPassword" | "industry" | "industryOther", string>>;

export function SignUpForm({ draft, errors, redirectTo }: { draft: SignUpDraft; errors: Errors; redirectTo: string }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const knownIndustry = INDUSTRIES.includes(draft.industry as (typeof INDUSTRIES)[number]);
  const [values, setValues] = useState({
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    password: "",
    confirmPassword: "",
    industry: draft.industry ? (knownIndustry ? draft.industry : OTHER_INDUSTRY) : "",
    industryOther: draft.industry && !knownIndustry ? draft.industry : "",
    hearAboutUs: draft.hearAboutUs.startsWith("Other") ? "Other" : draft.hearAboutUs,
    hearAboutUsOther: draft.hearAboutUs.startsWith("Other: ") ? draft.hearAboutUs.slice(7) : "",
  });
  const [visible, setVisible] = useState(draft.visibleSteps);
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const passwordOk = values.password ? PasswordSchema.safeParse(values.password).success : draft.passwordSaved;
  const confirmOk = values.confirmPassword
    ? values.confirmPassword.length >= 6 && (values.password ? values.confirmPassword === values.password : draft.passwordSaved)
    : draft.passwordConfirmed && !values.password;
  const industryOk = Boolean(values.industry) && (values.industry !== OTHER_INDUSTRY || values.industryOther.trim() !== "");
  const valid = [
    FirstNameSchema.safeParse(values.firstName).success,
    LastNameSchema.safeParse(values.lastName).success,
    EmailSchema.safeParse(values.email).success,
    passwordOk,
    confirmOk,
    industryOk,
  ];
  const validPrefix = valid.findIndex((ok) => !ok);
  const completed = validPrefix === -1 ? valid.length : validPrefix;

  useEffect(() => {
    if (!hydrated || completed < visible || visible >= valid.length) return;
    const timer = setTimeout(() => setVisible((count) => Math.max(count, Math.min(completed + 1, valid.length))), STEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hydrated, completed, visible, valid.length]);

  const mismatch = values.confirmPassword && values.password && values.confirmPassword !== values.password ? "Passwords don't match" : undefined;
  const showCreate = hydrated ? visible === 6 && industryOk : draft.visibleSteps === 6;

  return (
    <Form method="post" className="space-y-4" noValidate>
      <h1 className="text-2xl font-bold">Create your account</h1>
      <p className="text-sm text-slate-600">Start free with 5 minutes of transcription every month. No credit card.</p>
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label="First name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} error={errors.firstName} required />
      {visible >= 2 ? (
        <Field label="Last name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} error={errors.lastName} required />
      ) : null}
      {visible >= 3 ? (
        <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} error={errors.email} required />
      ) : null}
      {visible >= 4 ? (
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          value={values.password}
          onChange={set("password")}
          error={errors.password}
          hint={draft.passwordSaved ? "Saved. Leave empty to keep it." : "At least 6 characters"}
        />
      ) : null}
      {visible >= 5 ? (
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={errors.confirmPassword ?? mismatch}
          hint={draft.passwordConfirmed ? "Confirmed." : undefined}
        />
      ) : null}
      {visible >= 6 ? (
        <>
          <SelectField label="Industry" name="industry" options={INDUSTRIES} placeholder="Select your industry" value={values.industry} onChange={set("industry")} error={errors.industry} required />
          {!hydrated || values.industry === OTHER_INDUSTRY ? (
            <Field
              label={hydrated ? "Please specify your industry" : "If Other: please specify your industry"}
              name="industryOther"
              value={values.industryOther}
              onChange={set("industryOther")}
              error={errors.industryOther}
              maxLength={200}
            />
          ) : null}
          <SelectField label="How did you hear about us? (optional)" name="hearAboutUs" options={HEAR_ABOUT_US} placeholder="Choose one" value={values.hearAboutUs} onChange={set("hearAboutUs")} />
          {!hydrated || values.hearAboutUs === "Other" ? (
            <Field label={hydrated ? "Tell us where" : "If Other: tell us where"} name="hearAboutUsOther" value={values.hearAboutUsOther} onChange={set("hearAboutUsOther")} maxLength={150} />
          ) : null}
        </>
      ) : null}
      {Object.keys(errors).length > 0 && !hydrated ? <FormAlert title="Error">{Object.values(errors)[0]}</FormAlert> : null}
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
