// The forms of /data-privacy, told apart by intent (ADR 011). Isomorphic: the page validates with them too.
import { z } from "zod";
import { RetentionFormSchema } from "./retention";

export const DELETE_CONFIRMATION = "DELETE";

export const ExportRequestSchema = z.object({ intent: z.literal("export") });

export const DeleteAudioSchema = z.object({
  intent: z.literal("delete-audio"),
  recordingId: z.string({ error: "Choose a recording." }).regex(/^[a-z0-9]{10,40}$/, "Choose a recording."),
});

export const DeleteRecordingsSchema = z.object({ intent: z.literal("delete-recordings") });

export const DeleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  when: z.enum(["grace", "now"], { error: "Choose when to delete the account." }),
  confirmation: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` }),
});

export const PrivacyActionSchema = z.discriminatedUnion("intent", [
  ExportRequestSchema,
  RetentionFormSchema,
  DeleteAudioSchema,
  DeleteRecordingsSchema,
  DeleteAccountSchema,
]);
