// The retention choices a user has, shared by the form, the page and the server. Isomorphic.
import { z } from "zod";
import { countOf } from "~/utils/plural";

/** Delete audio this many days after the transcript is made; null: never. */
export const AUDIO_RETENTION_CHOICES = [null, 1, 7, 30, 90] as const;
/** Delete a whole recording this many days after it was uploaded; null: never. */
export const RECORDING_RETENTION_CHOICES = [null, 30, 90, 365] as const;

/** A retention period in words: "1 day", "7 days", or "never". */
export const retentionPeriod = (days: number | null) => (days === null ? "never" : countOf(days, "day"));

/** The choice as the form lists it: "After 1 day", "After 7 days", "Never". */
export const retentionLabel = (days: number | null) => (days === null ? "Never" : `After ${retentionPeriod(days)}`);

/** The access log's note of a policy change: "audio: 1 day; recordings: never". */
export const retentionChangeDetail = (policy: { audioDays: number | null; recordingDays: number | null }) =>
  `audio: ${retentionPeriod(policy.audioDays)}; recordings: ${retentionPeriod(policy.recordingDays)}`;

const days = (choices: readonly (number | null)[], message: string) =>
  z
    .string({ error: message })
    .refine((value) => value === "never" || choices.includes(Number(value)), message)
    .transform((value) => (value === "never" ? null : Number(value)));

export const RetentionFormSchema = z.object({
  intent: z.literal("retention"),
  audioDays: days(AUDIO_RETENTION_CHOICES, "Choose when audio is deleted from the list."),
  recordingDays: days(RECORDING_RETENTION_CHOICES, "Choose when recordings are deleted from the list."),
});

/** The shorter of the user's choice and the server's ceiling (null on both sides: kept). */
export function effectiveDays(chosen: number | null, serverMax: number | null | undefined): number | null {
  if (serverMax == null) return chosen;
  return chosen === null ? serverMax : Math.min(chosen, serverMax);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a data export stays downloadable. */
export const EXPORT_LINK_DAYS = 7;
/** How long a scheduled account deletion waits for the user to sign in and cancel it. */
export const ACCOUNT_GRACE_DAYS = 7;
