// The transcript page's review and sign-off forms (ADR 045), parsed with Conform + zod on the server.
import { z } from "zod";
import { SegmentTextSchema } from "./transcript-forms";

export const RECORD_INTENTS = ["verify-segment", "correct-segment", "sign-off", "save-version"] as const;

export const VerifySegmentSchema = z.object({
  intent: z.literal("verify-segment"),
  segmentId: z.string({ error: "Check the form." }).min(1, "Check the form.").max(100, "Check the form."),
  verified: z.enum(["true", "false"], { error: "Check the form." }).transform((value) => value === "true"),
  /** The flag to show next (after accepting one), if any. */
  then: z.coerce.number().int().min(1).optional(),
});

/** A correction from the review panel: the editor's edit, then back to the flag (so its field has its own name). */
export const CorrectSegmentSchema = z.object({
  intent: z.literal("correct-segment"),
  segmentId: z.string({ error: "Check the form." }).min(1, "Check the form.").max(100, "Check the form."),
  correction: SegmentTextSchema,
  flag: z.coerce.number().int().min(1).optional(),
});

export const SignOffSchema = z.object({
  intent: z.literal("sign-off"),
  /** The version being signed off as the reviewer saw it: a newer edit meanwhile is refused rather than signed. */
  contentHash: z.string({ error: "Check the form." }).regex(/^[0-9a-f]{64}$/, "Check the form."),
});

export const SaveVersionSchema = z.object({ intent: z.literal("save-version") });

export const RecordActionSchema = z.discriminatedUnion("intent", [
  VerifySegmentSchema,
  CorrectSegmentSchema,
  SignOffSchema,
  SaveVersionSchema,
]);
