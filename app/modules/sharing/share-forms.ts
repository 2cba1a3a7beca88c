// The share panel's forms (ADR 011): one schema each, used by the page in the browser and by the action.
import { z } from "zod";
import { optionalSingleLineName } from "~/utils/text";

export const SHARE_EXPIRIES = ["1d", "7d", "30d", "never"] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = {
  "1d": "1 day",
  "7d": "7 days",
  "30d": "30 days",
  never: "Never",
};

export const SHARE_PASSWORD_MIN_LENGTH = 6;

export const CreateShareSchema = z.object({
  intent: z.literal("create"),
  label: optionalSingleLineName({
    noun: "Labels",
    required: "Give the link a label, or leave it empty.",
    max: 80,
    tooLong: "A label can be at most 80 characters.",
  }),
  expiry: z.enum(SHARE_EXPIRIES, { error: "Choose when the link expires." }),
  password: z
    .string()
    .min(SHARE_PASSWORD_MIN_LENGTH, `A password needs at least ${SHARE_PASSWORD_MIN_LENGTH} characters.`)
    .max(200, "A password can be at most 200 characters.")
    .optional(),
  allowDownloads: z.boolean().optional(),
});

export const RevokeShareSchema = z.object({
  intent: z.literal("revoke"),
  linkId: z.string({ error: "Check the form." }).min(1, "Check the form."),
});

export const ShareActionSchema = z.discriminatedUnion("intent", [CreateShareSchema, RevokeShareSchema]);

export const SharePasswordSchema = z.object({
  password: z.string({ error: "Enter the password." }).min(1, "Enter the password.").max(200, "Wrong password."),
});

/** A link as its owner's list shows it: nothing secret, only the token's first characters. */
export interface ShareLinkSummary {
  id: string;
  tokenPrefix: string;
  label: string | null;
  hasPassword: boolean;
  allowDownloads: boolean;
  expiresAt: Date | string | null;
  createdAt: Date | string;
  views: number;
  lastViewedAt: Date | string | null;
  state: "active" | "expired" | "revoked";
}

/** A link just made: the only time its full address is known. */
export interface CreatedShareLink {
  id: string;
  url: string;
}
