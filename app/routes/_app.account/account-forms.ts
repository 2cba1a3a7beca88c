// The account page's forms: one schema each, checked in the browser (Conform) and again by the action.
import { z } from "zod";
import {
  EmailSchema,
  FirstNameSchema,
  IndustrySchema,
  LastNameSchema,
  PasswordSchema,
  PASSWORDS_DO_NOT_MATCH,
  requireIndustryText,
  VerificationCodeSchema,
} from "~/modules/accounts/registration";
import { GlossarySchema, SensitiveTermsSchema } from "~/modules/accounts/glossary";

/** What the user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = "DELETE";

/** The proof of ownership a password or email change carries: the current password, or a code for Google accounts. */
const reauthentication = {
  currentPassword: z.string().max(1000).optional(),
  reauthCode: z.string().max(20).optional(),
};

export const ProfileSchema = requireIndustryText(
  z.object({
    intent: z.literal("profile"),
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    industry: IndustrySchema,
    industryOther: z.string().trim().max(200).optional(),
  }),
);

export const PasswordChangeSchema = z
  .object({
    intent: z.literal("password"),
    ...reauthentication,
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }).max(1000),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });

export const EmailChangeSchema = z.object({ intent: z.literal("email"), ...reauthentication, newEmail: EmailSchema });

export const EmailVerifySchema = z.object({ intent: z.literal("email-verify"), code: VerificationCodeSchema });

export const DeleteAccountSchema = z.object({
  intent: z.literal("delete"),
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` }),
});

/** Every post to /account, told apart by the intent of the button that sent it. */
export const AccountActionSchema = z.discriminatedUnion("intent", [
  ProfileSchema,
  PasswordChangeSchema,
  EmailChangeSchema,
  EmailVerifySchema,
  DeleteAccountSchema,
  GlossarySchema,
  SensitiveTermsSchema,
  z.object({ intent: z.literal("reauth-code") }),
  z.object({ intent: z.literal("email-cancel") }),
  z.object({ intent: z.literal("revoke-session"), sessionId: z.string().max(200) }),
  z.object({ intent: z.literal("sign-out-others") }),
]);
