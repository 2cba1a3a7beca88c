// The user's speaker library (ADR 030): voices measured in each recording when its speakers are labelled,
// saved under a name as profiles, and recognised in later recordings, where the speaker is named automatically
// (with a one-click undo).
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import type { GaussianStats } from "~/services/transcription/diarization.server";
import { addVoiceStats, matchVoices, type SpeakerVoiceStats } from "~/services/transcription/speaker-voices.server";

type StoredStats = { frames: number; sum: number[]; outer: number[] };

const toStats = (row: StoredStats): GaussianStats => ({
  frames: row.frames,
  sum: Float64Array.from(row.sum),
  outer: Float64Array.from(row.outer),
});
const fromStats = (stats: GaussianStats): StoredStats => ({
  frames: stats.frames,
  sum: Array.from(stats.sum),
  outer: Array.from(stats.outer),
});

/**
 * The voices the transcription job measured, as rows to keep with the transcript, and its segments with the
 * speakers whose voice matches one of the owner's profiles named after it (one voice per profile, the most alike
 * pair first). Reads only: the job saves both in the transaction that saves the transcript.
 */
export async function nameKnownVoices<Segment extends { speaker: string | null }>(
  userId: string,
  recordingId: string,
  segments: Segment[],
  voices: SpeakerVoiceStats[],
): Promise<{ segments: Segment[]; voices: Prisma.SpeakerVoiceCreateManyInput[] }> {
  if (voices.length === 0) return { segments, voices: [] };
  const profiles = await (await db()).speakerProfile.findMany({ where: { userId } });
  const matches = matchVoices(
    voices,
    profiles.map((profile) => ({ profile, stats: toStats(profile) })),
  );
  const labels = new Set(segments.map((segment) => segment.speaker));
  const renamed = new Map<string, string>();
  const rows = voices.map((voice): Prisma.SpeakerVoiceCreateManyInput => {
    const match = matches.find((pair) => pair.voice === voice);
    // A profile named like another speaker of this recording ("Speaker 2") would merge the two: left alone.
    const name = match && !labels.has(match.profile.profile.name) ? match.profile.profile.name : null;
    if (name) renamed.set(voice.label, name);
    return {
      recordingId,
      label: name ?? voice.label,
      originalLabel: voice.label,
      ...fromStats(voice.stats),
      profileId: name ? match!.profile.profile.id : null,
      matchSimilarity: name ? match!.similarity : null,
    };
  });
  return {
    segments: segments.map((segment) =>
      segment.speaker && renamed.has(segment.speaker)
        ? { ...segment, speaker: renamed.get(segment.speaker)! }
        : segment,
    ),
    voices: rows,
  };
}

/** The recording's measured voices, for its page: who was named automatically, and who is in the library. */
export async function recordingSpeakerVoices(recordingId: string) {
  const voices = await (
    await db()
  ).speakerVoice.findMany({
    where: { recordingId },
    orderBy: { originalLabel: "asc" },
    select: {
      id: true,
      label: true,
      originalLabel: true,
      matchSimilarity: true,
      profile: { select: { name: true } },
    },
  });
  return voices.map((voice) => ({
    id: voice.id,
    label: voice.label,
    originalLabel: voice.originalLabel,
    /** The profile's name when the voice was matched or saved (it may have been renamed since). */
    profileName: voice.profile?.name ?? null,
    matchSimilarity: voice.matchSimilarity,
  }));
}
export type RecordingSpeakerVoice = Awaited<ReturnType<typeof recordingSpeakerVoices>>[number];

/** Renamed speakers keep their voice: called with every rename of a speaker in a transcript. */
export async function followSpeakerRename(recordingId: string, from: string, to: string) {
  await (await db()).speakerVoice.updateMany({ where: { recordingId, label: from }, data: { label: to } });
}

/**
 * The owner's recording's measured voices under any of `labels`; refused (409, nothing changed) when there are none,
 * so that a form that also renames can check before it changes anything.
 */
export async function requireMeasuredVoices(userId: string, recordingId: string, labels: string[]) {
  await requireRecording(userId, recordingId, "edit");
  const voices = await (await db()).speakerVoice.findMany({ where: { recordingId, label: { in: labels } } });
  if (voices.length === 0) {
    throw new RecordingError(
      `There is too little of ${labels[0]}'s voice to recognise it (speaker labels measure at least 2 seconds), so it cannot be saved to your speaker library.`,
      409,
    );
  }
  return voices;
}

/**
 * Saves the voice of the speaker now called `label` to the owner's library under that name: a new profile, or
 * more of the voice for the profile of that name.
 */
export async function saveVoiceToLibrary(userId: string, recordingId: string, label: string) {
  const voices = await requireMeasuredVoices(userId, recordingId, [label]);
  const database = await db();
  const heard = voices.map(toStats).reduce(addVoiceStats);
  const workspaceId = await personalWorkspaceId(userId);
  await database.$transaction(async (tx) => {
    const existing = await tx.speakerProfile.findUnique({ where: { userId_name: { userId, name: label } } });
    // A voice matched to this very profile is already in it.
    const fresh = existing ? voices.filter((voice) => voice.profileId !== existing.id) : voices;
    const stats = existing ? fresh.map(toStats).reduce(addVoiceStats, toStats(existing)) : heard;
    const profile = existing
      ? await tx.speakerProfile.update({ where: { id: existing.id }, data: fromStats(stats) })
      : await tx.speakerProfile.create({ data: { userId, workspaceId, name: label, ...fromStats(stats) } });
    await tx.speakerVoice.updateMany({
      where: { id: { in: voices.map((voice) => voice.id) } },
      data: { profileId: profile.id, matchSimilarity: null },
    });
  });
}

/** Undoes an automatic naming: the speaker takes back the label the diarization gave it. */
export async function undoSpeakerMatch(userId: string, recordingId: string, voiceId: string) {
  await requireRecording(userId, recordingId, "edit");
  const database = await db();
  const voice = await database.speakerVoice.findFirst({ where: { id: voiceId, recordingId } });
  if (!voice || voice.matchSimilarity === null) {
    throw new RecordingError("That speaker was not named automatically.", 404);
  }
  await database.$transaction([
    database.transcriptSegment.updateMany({
      where: { recordingId, speaker: voice.label },
      data: { speaker: voice.originalLabel },
    }),
    database.speakerVoice.update({
      where: { id: voice.id },
      data: { label: voice.originalLabel, profileId: null, matchSimilarity: null },
    }),
  ]);
  return { from: voice.label, to: voice.originalLabel };
}

/** The owner's profiles, for the account page: name, how much of the voice is known, in how many recordings. */
export async function speakerProfiles(userId: string) {
  const profiles = await (
    await db()
  ).speakerProfile.findMany({
    where: { userId },
    orderBy: { name: "asc" },
    select: { id: true, name: true, frames: true, createdAt: true, _count: { select: { voices: true } } },
  });
  return profiles.map((profile) => ({
    id: profile.id,
    name: profile.name,
    seconds: Math.round(profile.frames / 100),
    recordings: profile._count.voices,
    createdAt: profile.createdAt,
  }));
}

async function requireOwnProfile(userId: string, profileId: string) {
  const profile = await (await db()).speakerProfile.findFirst({ where: { id: profileId, userId } });
  if (!profile) throw new RecordingError("Voice not found.", 404);
  return profile;
}

/** Renames a profile; transcripts already named keep the name they have. */
export async function renameSpeakerProfile(userId: string, profileId: string, name: string) {
  await requireOwnProfile(userId, profileId);
  const database = await db();
  const taken = await database.speakerProfile.findUnique({ where: { userId_name: { userId, name } } });
  if (taken && taken.id !== profileId) throw new RecordingError(`You already have a voice named ${name}.`, 409);
  await database.speakerProfile.update({ where: { id: profileId }, data: { name } });
}

/** Deletes a profile: no new recording is named after it; transcripts already named keep their names. */
export async function deleteSpeakerProfile(userId: string, profileId: string) {
  await requireOwnProfile(userId, profileId);
  await (await db()).speakerProfile.delete({ where: { id: profileId } });
}
