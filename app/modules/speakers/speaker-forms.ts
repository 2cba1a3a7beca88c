// The speaker library's forms, shared by the pages (Conform in the browser) and the actions.
import { z } from "zod";
import { singleLineName } from "~/utils/text";

const SPEAKER_NAME_REQUIRED = "Give the speaker a name.";
/** A speaker's name, wherever one is given: the transcript's editor and the speaker library. */
export const SpeakerNameSchema = singleLineName({
  noun: "Speaker names",
  required: SPEAKER_NAME_REQUIRED,
  max: 60,
  tooLong: "Speaker names can be at most 60 characters.",
});

const CHECK_FORM = "Check the form.";
const id = z.string({ error: CHECK_FORM }).min(1, CHECK_FORM);

export const SaveVoiceSchema = z.object({ intent: z.literal("save-voice"), speaker: SpeakerNameSchema });
export const UndoMatchSchema = z.object({ intent: z.literal("undo-speaker-match"), voiceId: id });
export const SPEAKER_PAGE_INTENTS = ["save-voice", "undo-speaker-match"];
export const SpeakerPageActionSchema = z.discriminatedUnion("intent", [SaveVoiceSchema, UndoMatchSchema]);

export const RenameProfileSchema = z.object({
  intent: z.literal("speaker-profile-rename"),
  profileId: id,
  name: SpeakerNameSchema,
});
export const DeleteProfileSchema = z.object({ intent: z.literal("speaker-profile-delete"), profileId: id });
export const SPEAKER_PROFILE_INTENTS = ["speaker-profile-rename", "speaker-profile-delete"];
export const SpeakerProfileActionSchema = z.discriminatedUnion("intent", [RenameProfileSchema, DeleteProfileSchema]);
