// The speaker library's intents on the transcript page and the account page: each returns the response, or null
// when the form was not one of them (the page's own action handles it).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import {
  SPEAKER_PAGE_INTENTS,
  SPEAKER_PROFILE_INTENTS,
  SpeakerPageActionSchema,
  SpeakerProfileActionSchema,
} from "./speaker-forms";
import { deleteSpeakerProfile, renameSpeakerProfile, saveVoiceToLibrary, undoSpeakerMatch } from "./speakers.server";

export async function speakerPageIntent(userId: string, recordingId: string, form: FormData) {
  if (!SPEAKER_PAGE_INTENTS.includes(String(form.get("intent")))) return null;
  const submission = parseWithZod(form, { schema: SpeakerPageActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return runSpeakerPageIntent(userId, recordingId, submission.value);
}

/** One parsed speaker-library intent of the transcript page (its action parses every intent of the page at once). */
export async function runSpeakerPageIntent(
  userId: string,
  recordingId: string,
  input: z.infer<typeof SpeakerPageActionSchema>,
) {
  const here = `/transcription/${recordingId}#speaker-voices-title`;
  if (input.intent === "save-voice") {
    await saveVoiceToLibrary(userId, recordingId, input.speaker);
    return redirectWithToast(
      here,
      { type: "success", title: `Saved ${input.speaker}'s voice`, description: "New recordings will name it." },
      { status: 303 },
    );
  }
  const { from, to } = await undoSpeakerMatch(userId, recordingId, input.voiceId);
  return redirectWithToast(here, { type: "success", title: `${from} is ${to} again` }, { status: 303 });
}

export async function speakerProfileIntent(userId: string, form: FormData) {
  if (!SPEAKER_PROFILE_INTENTS.includes(String(form.get("intent")))) return null;
  const submission = parseWithZod(form, { schema: SpeakerProfileActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const here = "/account#speaker-profiles-title";
  // The account page shows refusals on the form that was sent (its action is not wrapped in withFormRefusals).
  return answerRefusal(async () => {
    if (input.intent === "speaker-profile-rename") {
      await renameSpeakerProfile(userId, input.profileId, input.name);
      return redirectWithToast(here, { type: "success", title: `Voice renamed to ${input.name}` }, { status: 303 });
    }
    await deleteSpeakerProfile(userId, input.profileId);
    return redirectWithToast(here, { type: "success", title: "Voice deleted" }, { status: 303 });
  }, refusalReply(submission));
}
