import { z } from "zod";
import { EMAIL_MAX_LENGTH, isDeliverableEmail } from "~/utils/text";

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

export const HEAR_ABOUT_US = ["Search engine", "Social media", "Friend or colleague", "Blog or article", "Advertisement", "Other"] as const;

export const FirstNameSchema = z.string().trim().min(2, "First name is required");
export const LastNameSchema = z.string().trim().min(2, "Last name is required");
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  // Checked before the pattern, and the pattern is linear: a huge "email" cannot stall the server (ADR 017).
  .max(EMAIL_MAX_LENGTH, { error: `An email address can be at most ${EMAIL_MAX_LENGTH} characters.`, abort: true })
  .refine(isDeliverableEmail, "Please enter a valid email address");
export const PasswordSchema = z.string().min(6, "Password must be at least 6 characters");
export const VerificationCodeSchema = z
  .string()
  .trim()
  .min(1, "Verification code is required")
  .regex(/^\d{6}$/, "Enter the 6-digit code from the email");

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
