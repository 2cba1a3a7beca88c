import { z } from "zod";
import { EMAIL_MAX_LENGTH, isDeliverableEmail, singleLineName } from "~/utils/text";

/** Spec section 2: the industries, in the spec's order. */
export const INDUSTRIES = [
  "Healthcare & Medical",
  "Legal & Compliance",
  "Education & Research",
  "Media & Entertainment",
  "Technology & Software",
  "Consulting & Professional Services",
  "Financial Services (Banking, Insurance, Accounting)",
  "Government & Nonprofit",
  "Sales & Marketing / Advertising",
  "Real Estate & Construction",
  "Manufacturing & Engineering",
  "Human Resources & Recruiting",
  "Customer Support / Call Centers",
  "Student",
  "Other (Please Specify)",
] as const;
export const OTHER_INDUSTRY = "Other (Please Specify)";

export const HEAR_ABOUT_US = [
  "Search engine",
  "Social media",
  "Friend or colleague",
  "Blog or article",
  "Advertisement",
  "Other",
] as const;

export const FirstNameSchema = singleLineName({
  noun: "Names",
  required: "First name is required",
  min: 2,
  max: 100,
  tooLong: "A first name can be at most 100 characters.",
});
export const LastNameSchema = singleLineName({
  noun: "Names",
  required: "Last name is required",
  min: 2,
  max: 100,
  tooLong: "A last name can be at most 100 characters.",
});
export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  // Checked before the pattern, and the pattern is linear: a huge "email" cannot stall the server (ADR 017).
  .max(EMAIL_MAX_LENGTH, { error: `An email address can be at most ${EMAIL_MAX_LENGTH} characters.`, abort: true })
  .refine(isDeliverableEmail, "Please enter a valid email address");

/** The one password rule (spec section 5): forms, the API and hints all read it from here. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters`;
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PasswordSchema = z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT);
/** The spec words the mismatch twice: inline on the sign-up form, and in the reset form and the submit toast. */
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export const VerificationCodeSchema = z
  .string({ error: "Verification code is required" })
  .trim()
  .min(1, "Verification code is required")
  .regex(/^\d{6}$/, "Enter the 6-digit code from the email");

export const IndustrySchema = z.enum(INDUSTRIES, { error: "Please select your industry" });
const OptionalText = (max: number) => z.string().trim().max(max).optional();

/** Both "Other" choices need their text: the profile form and the sign-up form share the rule. */
export function requireIndustryText<Schema extends z.ZodType<{ industry?: string; industryOther?: string }>>(
  schema: Schema,
): Schema {
  return schema.refine((value) => value.industry !== OTHER_INDUSTRY || Boolean(value.industryOther?.trim()), {
    message: "Please specify your industry",
    path: ["industryOther"],
  });
}

/** The sign-up wizard's six steps, in order (spec section 4). */
export const SIGNUP_STEPS = ["firstName", "lastName", "email", "password", "confirmPassword", "industry"] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/**
 * Spec section 5: the toast (title 'Error') for the first failing step on submit. Where the toast words it
 * differently from the inline message, this says so; every other step toasts its inline message.
 */
export const SIGNUP_TOASTS: Partial<Record<SignupStep, string>> = {
  email: "Email is required",
  confirmPassword: PASSWORDS_DO_NOT_MATCH,
};

/** What the sign-up form knows beyond its fields: the server keeps a saved password out of the page. */
export interface SignupProgress {
  /** How many steps the page shows: the completed ones and the next (all six on "Create Account"). */
  shownSteps: number;
  passwordSaved: boolean;
  passwordConfirmed: boolean;
}

/**
 * The sign-up form's schema, for the browser and the server alike. Shown steps must be answered; the others
 * are checked when present. A saved password may be left empty (it is never sent back to the page), and then
 * the server compares the confirmation with the saved hash.
 */
export function signupSchema(progress: SignupProgress) {
  const shown = (step: SignupStep) => SIGNUP_STEPS.indexOf(step) < progress.shownSteps;
  const needed = <Schema extends z.ZodType>(step: SignupStep, schema: Schema) =>
    shown(step) ? schema : schema.optional();
  const passwordKept = progress.passwordSaved;
  return requireIndustryText(
    z
      .object({
        redirectTo: z.string().max(2000).optional(),
        submit: z.enum(["next", "create"]).optional(),
        firstName: needed("firstName", FirstNameSchema),
        lastName: needed("lastName", LastNameSchema),
        email: needed("email", EmailSchema),
        password: passwordKept ? PasswordSchema.optional() : needed("password", PasswordSchema),
        confirmPassword: z.string().max(1000).optional(),
        industry: needed("industry", IndustrySchema),
        industryOther: OptionalText(200),
        hearAboutUs: z.enum(HEAR_ABOUT_US).optional(),
        hearAboutUsOther: OptionalText(150),
      })
      .superRefine((value, context) => {
        const confirmationNeeded = shown("confirmPassword") && (Boolean(value.password) || !progress.passwordConfirmed);
        if (
          value.confirmPassword === undefined
            ? confirmationNeeded
            : value.password && value.confirmPassword !== value.password
        ) {
          context.addIssue({ code: "custom", message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] });
        }
      }),
  );
}

/** Sign-in (spec section 5): any password may be tried; the rule applies when one is chosen. */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
  redirectTo: z.string().max(2000).optional(),
});

/** The code form of /verify-email; its second form resends the code or goes back to the sign-up form. */
export const VerifyCodeSchema = z.object({
  intent: z.literal("verify").optional(),
  code: VerificationCodeSchema,
  redirectTo: z.string().max(2000).optional(),
});
export const VerifyOtherSchema = z.object({
  intent: z.enum(["resend", "back-to-registration"]),
  redirectTo: z.string().max(2000).optional(),
});

export const ResetRequestSchema = z.object({ email: EmailSchema });

/** Spec section 5: the reset form checks the match first, then the length. */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "Failed to reset password" }).max(200),
    password: z.string({ error: PASSWORD_TOO_SHORT }),
    confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
  })
  .superRefine((value, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({ code: "custom", message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
    } else if (!PasswordSchema.safeParse(value.password).success) {
      context.addIssue({ code: "custom", message: PASSWORD_TOO_SHORT, path: ["password"] });
    }
  });

/** The registration payload of POST /api/register (spec section 3). */
export const RegisterPayloadSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  industry: z.string().trim().min(1, "Please select your industry").max(200),
  hearAboutUs: z.string().trim().max(200).optional().default(""),
});
export type RegisterPayload = z.infer<typeof RegisterPayloadSchema>;

/** 'Other (Please Specify)' becomes the specified text; Other → 'Other: text' (spec section 3). */
export function finalIndustry(industry: string, industryOther: string | undefined): string {
  return industry === OTHER_INDUSTRY ? (industryOther ?? "").trim() : industry;
}
export function finalHearAboutUs(hearAboutUs: string | undefined, other: string | undefined): string {
  if (hearAboutUs === "Other" && other?.trim()) return `Other: ${other.trim()}`;
  return hearAboutUs ?? "";
}
