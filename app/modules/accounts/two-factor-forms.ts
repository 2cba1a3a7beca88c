import { z } from "zod";

/** A TOTP code or a recovery code: the server tells which. */
export const SecondFactorCodeSchema = z
  .string({ error: "Enter the code from your authenticator app, or a recovery code." })
  .trim()
  .min(1, "Enter the code from your authenticator app, or a recovery code.")
  .max(40, "That is longer than any code we issue.");

export const TwoFactorSignInSchema = z.object({ code: SecondFactorCodeSchema });

/** The account page's two-factor forms, one intent each. */
export const TwoFactorSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("two-factor-start") }),
  z.object({ intent: z.literal("two-factor-cancel") }),
  z.object({
    intent: z.literal("two-factor-confirm"),
    code: z
      .string({ error: "Enter the 6-digit code your app shows." })
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code your app shows."),
  }),
  z.object({ intent: z.literal("two-factor-recovery-codes"), code: SecondFactorCodeSchema }),
  z.object({ intent: z.literal("two-factor-disable"), code: SecondFactorCodeSchema }),
]);
