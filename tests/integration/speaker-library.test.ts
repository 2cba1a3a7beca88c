// The speaker library end to end, with the real pocketsphinx engine and the offline diarizer: a voice named and
// saved on one recording is named automatically on the next recording of the same people, with an undo; the
// profiles are renamed and deleted on the account page; nobody else can touch them.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { dialogueOpening, sharedAudioCut, sharedFile } from "../shared-files";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const AUDIO = sharedFile("testdata/audio");
/**
 * Where the call is cut in two: the middle of its speech (6.7–30 s), so that each half holds both people for over
 * 5 s. Cut at 15 s, the first half has 2.4 s of the second voice, under the 3 s the diarizer needs to call it a
 * speaker, and the first half's two "speakers" are both the first person (the library can only be as right as the
 * labels it is given).
 */
const HALF_SECONDS = 18;
const CALL_SECONDS = 30;
/** The voices are what is tested: the dialogue's opening holds both. */
const DIALOGUE_OPENING = dialogueOpening();

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(async () => {
  await stopJobs();
});

/** A stretch of the call as its own WAV. */
const cut = (from: number, seconds: number) => sharedAudioCut("testdata/audio/call-two-speakers.wav", from, seconds);

/** The reference turns (RTTM) of the call: who speaks when. */
const reference = fs
  .readFileSync(path.join(AUDIO, "call-two-speakers.rttm"), "utf8")
  .trim()
  .split("\n")
  .map((line) => {
    const field = line.split(/\s+/);
    return { speaker: field[7], start: Number(field[3]), end: Number(field[3]) + Number(field[4]) };
  });

/** The reference speaker heard most in a span of the recording that starts `offset` seconds into the call. */
function referenceSpeaker(start: number, end: number, offset: number): string | null {
  const heard = new Map<string, number>();
  for (const turn of reference) {
    const shared = Math.min(end + offset, turn.end) - Math.max(start + offset, turn.start);
    if (shared > 0) heard.set(turn.speaker, (heard.get(turn.speaker) ?? 0) + shared);
  }
  return [...heard].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Each speaker label's reference speaker, by the most seconds of its segments. */
async function labelsToReference(recordingId: string, offset: number) {
  const segments = await (await db()).transcriptSegment.findMany({ where: { recordingId } });
  const seconds = new Map<string, Map<string, number>>();
  for (const segment of segments) {
    const truth = referenceSpeaker(segment.start, segment.end, offset);
    if (!truth || !segment.speaker) continue;
    const bySpeaker = seconds.get(segment.speaker) ?? new Map<string, number>();
    bySpeaker.set(truth, (bySpeaker.get(truth) ?? 0) + segment.end - segment.start);
    seconds.set(segment.speaker, bySpeaker);
  }
  return new Map([...seconds].map(([label, truths]) => [label, [...truths].sort((a, b) => b[1] - a[1])[0][0]]));
}

async function upload(cookie: string, file: string) {
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(file)]), path.basename(file));
  form.set("speakerLabels", "on");
  form.set("speakerCount", "2");
  const response = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: cookie } });
  expect(response.status).toBe(201);
  const id = ((await response.json()) as { recording: { id: string } }).recording.id;
  await waitFor(
    () => db().then((database) => database.recording.findUniqueOrThrow({ where: { id } })),
    (recording) => recording.status === "COMPLETED",
    90_000,
  );
  return id;
}

const post = (cookie: string, url: string, fields: Record<string, string>) =>
  app(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("speaker library", () => {
  test("voices saved from the call's first half name the same people in its second half; undo; IDOR (slow: two real transcriptions with speaker labels)", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const database = await db();

    const first = await upload(owner.cookie, cut(0, HALF_SECONDS));
    const voices = await database.speakerVoice.findMany({ where: { recordingId: first } });
    expect(voices.map((voice) => voice.label).sort()).toEqual(["Speaker 1", "Speaker 2"]);
    expect(voices.every((voice) => voice.frames >= 200 && voice.sum.length === 13 && voice.outer.length === 169)).toBe(
      true,
    );
    const firstTruth = await labelsToReference(first, 0);
    const names: Record<string, string> = { speaker90: "Dr. Ruiz", speaker91: "Ms. Chen" };
    for (const [label, truth] of firstTruth) {
      const renamed = await post(owner.cookie, `/transcription/${first}`, {
        intent: "rename-speaker",
        from: label,
        to: names[truth],
        saveVoice: "on",
      });
      expect(renamed.status).toBe(303);
    }
    const profiles = await database.speakerProfile.findMany({ where: { userId: owner.id }, orderBy: { name: "asc" } });
    expect(profiles.map((profile) => profile.name)).toEqual(["Dr. Ruiz", "Ms. Chen"]);

    const second = await upload(owner.cookie, cut(HALF_SECONDS, CALL_SECONDS - HALF_SECONDS));
    const secondTruth = await labelsToReference(second, HALF_SECONDS);
    // Named automatically, each after the person it is.
    expect(new Set(secondTruth.keys())).toEqual(new Set(["Dr. Ruiz", "Ms. Chen"]));
    for (const [label, truth] of secondTruth) expect(label).toBe(names[truth]);
    const matched = await database.speakerVoice.findMany({ where: { recordingId: second } });
    for (const voice of matched) {
      expect(voice.matchSimilarity).toBeGreaterThanOrEqual(0.5);
      expect(voice.originalLabel).toMatch(/^Speaker \d$/);
    }
    const page = (await (await app(`/transcription/${second}`, { headers: { Cookie: owner.cookie } })).text())
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "");
    expect(page).toMatch(/Speaker \d matched Dr\. Ruiz \(\d+%\)/);

    // Someone else can neither undo nor rename or delete the owner's voices.
    const stranger = await signedInUser("BUSINESS_PRO");
    const ruiz = matched.find((voice) => voice.label === "Dr. Ruiz")!;
    const theirs = await post(stranger.cookie, `/transcription/${second}`, {
      intent: "undo-speaker-match",
      voiceId: ruiz.id,
    });
    expect(theirs.status).toBe(404);
    const profile = profiles[0];
    expect(
      (await post(stranger.cookie, "/account", { intent: "speaker-profile-rename", profileId: profile.id, name: "X" }))
        .status,
    ).toBe(404);
    expect(
      (await post(stranger.cookie, "/account", { intent: "speaker-profile-delete", profileId: profile.id })).status,
    ).toBe(404);

    // Undo: the speaker is what the diarization called it again, everywhere.
    const undone = await post(owner.cookie, `/transcription/${second}`, {
      intent: "undo-speaker-match",
      voiceId: ruiz.id,
    });
    expect(undone.status).toBe(303);
    expect(await database.transcriptSegment.count({ where: { recordingId: second, speaker: "Dr. Ruiz" } })).toBe(0);
    expect(
      await database.transcriptSegment.count({ where: { recordingId: second, speaker: ruiz.originalLabel } }),
    ).toBeGreaterThan(0);
    expect(
      (await post(owner.cookie, `/transcription/${second}`, { intent: "undo-speaker-match", voiceId: ruiz.id })).status,
    ).toBe(404);

    // The account page: rename (a taken name is refused), delete.
    const taken = await post(owner.cookie, "/account", {
      intent: "speaker-profile-rename",
      profileId: profile.id,
      name: "Ms. Chen",
    });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("You already have a voice named Ms. Chen.");
    const empty = await post(owner.cookie, "/account", {
      intent: "speaker-profile-rename",
      profileId: profile.id,
      name: " ",
    });
    expect(empty.status).toBe(400);
    expect(
      (
        await post(owner.cookie, "/account", {
          intent: "speaker-profile-rename",
          profileId: profile.id,
          name: "Dr. A. Ruiz",
        })
      ).status,
    ).toBe(303);
    const account = await (await app("/account", { headers: { Cookie: owner.cookie } })).text();
    expect(account).toContain("Dr. A. Ruiz");
    expect(
      (await post(owner.cookie, "/account", { intent: "speaker-profile-delete", profileId: profile.id })).status,
    ).toBe(303);
    expect(await database.speakerProfile.count({ where: { userId: owner.id } })).toBe(1);
  }, 240_000);

  test("the dialogue's voices are named on a second upload; other people's voices are not (slow: three real transcriptions with speaker labels)", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const database = await db();
    const dialogue = await upload(owner.cookie, DIALOGUE_OPENING);
    for (const [label, name] of [
      ["Speaker 1", "Anna"],
      ["Speaker 2", "Ben"],
    ]) {
      const renamed = await post(owner.cookie, `/transcription/${dialogue}`, {
        intent: "rename-speaker",
        from: label,
        to: name,
        saveVoice: "on",
      });
      expect(renamed.status).toBe(303);
    }
    const again = await upload(owner.cookie, DIALOGUE_OPENING);
    const speakers = await database.transcriptSegment.findMany({
      where: { recordingId: again },
      orderBy: { position: "asc" },
      select: { speaker: true },
    });
    expect(new Set(speakers.map((segment) => segment.speaker))).toEqual(new Set(["Anna", "Ben"]));
    expect(speakers[0].speaker).toBe("Anna");
    // The call's two people (both in its first half) are not the dialogue's voices: nobody is named.
    const call = await upload(owner.cookie, cut(0, HALF_SECONDS));
    expect(await database.speakerVoice.count({ where: { recordingId: call } })).toBe(2);
    expect(await database.speakerVoice.count({ where: { recordingId: call, matchSimilarity: { not: null } } })).toBe(0);
    // A speaker with no measured voice cannot be saved.
    const unknown = await post(owner.cookie, `/transcription/${again}`, { intent: "save-voice", speaker: "Nobody" });
    expect(unknown.status).toBe(409);
  }, 240_000);

  test("renaming with 'save this voice' renames and saves, or, with no voice to save, refuses and renames nothing", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const database = await db();
    const recording = await database.recording.create({
      data: {
        userId: owner.id,
        workspaceId: await personalWorkspaceId(owner.id),
        title: "Two people",
        fileName: "two.wav",
        storageKey: `recordings/${owner.id}/two.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 20,
        status: "COMPLETED",
        completedAt: new Date(),
        segments: {
          create: [
            { position: 0, start: 0, end: 10, text: "Good morning.", speaker: "Speaker 1" },
            { position: 1, start: 10, end: 11, text: "Hi.", speaker: "Speaker 2" },
          ],
        },
      },
    });
    // Speaker 1's voice was measured; Speaker 2 spoke too briefly for that.
    const stats = { frames: 900, sum: Array(13).fill(1), outer: Array(169).fill(1) };
    await database.speakerVoice.create({
      data: { recordingId: recording.id, label: "Speaker 1", originalLabel: "Speaker 1", ...stats },
    });
    const speakers = () =>
      database.transcriptSegment
        .findMany({ where: { recordingId: recording.id }, orderBy: { position: "asc" } })
        .then((segments) => segments.map((segment) => segment.speaker));

    const refused = await post(owner.cookie, `/transcription/${recording.id}`, {
      intent: "rename-speaker",
      from: "Speaker 2",
      to: "Ben",
      saveVoice: "on",
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "There is too little of Speaker 2&#x27;s voice to recognise it (speaker labels measure at least 2 seconds)",
    );
    expect(await speakers()).toEqual(["Speaker 1", "Speaker 2"]);
    expect(await database.transcriptRevision.count({ where: { recordingId: recording.id } })).toBe(0);

    const renamed = await post(owner.cookie, `/transcription/${recording.id}`, {
      intent: "rename-speaker",
      from: "Speaker 1",
      to: "Anna",
      saveVoice: "on",
    });
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get("Location")).toBe(`/transcription/${recording.id}#speakers`);
    expect(await speakers()).toEqual(["Anna", "Speaker 2"]);
    const profiles = await database.speakerProfile.findMany({ where: { userId: owner.id } });
    expect(profiles.map((profile) => profile.name)).toEqual(["Anna"]);

    // Without the box ticked, a speaker with no voice is renamed as before; a name stays on one line.
    const plain = await post(owner.cookie, `/transcription/${recording.id}`, {
      intent: "rename-speaker",
      from: "Speaker 2",
      to: "Ben\r\nJones\t",
    });
    expect(plain.status).toBe(303);
    expect(await speakers()).toEqual(["Anna", "Ben Jones"]);
  });
});
