// @both-databases: the realign job's row lock (FOR UPDATE) in app/modules/transcripts/realign-job.server.ts
// Typed words re-aligned to the audio after an edit (ADR 047): a job cuts the edited span's audio with ffmpeg and
// aligns it with pocketsphinx (real programs, real jfk.wav in storage); kept words never move, and the revision's
// change follows, so undo still works.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { editSegmentText, setSegmentSpeaker, undoRevision } from "~/modules/transcripts/editor.server";
import { realignEditedWords } from "~/modules/transcripts/realign-job.server";
import { configuredStorage } from "~/services/storage/index.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser, waitFor } from "./helpers";

beforeAll(async () => {
  await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 0.5 });
});
afterAll(() => stopJobs());

/**
 * jfk.wav's first sentence as an engine that missed "ask not" would have it. The times are pocketsphinx's on the whole
 * file: its forced alignment for all but "what" (there its recogniser's: the aligner lets "what" absorb the pause
 * before it); it places "ask" at 3.25–3.72 and "not" at 3.99–4.35.
 */
const HEARD = [
  ["And", 0.29, 0.56],
  ["so", 0.57, 0.72],
  ["my", 0.73, 1.26],
  ["fellow", 1.31, 1.61],
  ["Americans,", 1.62, 2.46],
  ["what", 5.37, 5.59],
  ["your", 5.6, 5.92],
  ["country", 5.93, 6.43],
  ["can", 6.44, 6.65],
  ["do", 6.66, 6.9],
  ["for", 6.91, 7.04],
  ["you,", 7.05, 7.49],
] as const;
const ASK = { start: 3.25, end: 3.72 };
const NOT = { start: 3.99, end: 4.35 };

async function recordingOf(userId: string, language = "en") {
  const storageKey = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "realign-")), "jfk.wav");
  fs.copyFileSync(sharedFile("testdata/audio/jfk.wav"), local);
  await configuredStorage().putFile(storageKey, local);
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Inaugural",
      fileName: "jfk.wav",
      storageKey,
      sizeBytes: fs.statSync(sharedFile("testdata/audio/jfk.wav")).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      engine: "pocketsphinx",
      transcriptLanguage: language,
      segments: {
        create: {
          position: 0,
          start: 0.2,
          end: 7.6,
          text: HEARD.map(([word]) => word).join(" "),
          speaker: "Speaker 1",
          words: HEARD.map(([word, start, end]) => ({ word, start, end, confidence: 0.9 })),
        },
      },
    },
    include: { segments: true },
  });
}

type StoredWord = { word: string; start: number; end: number; confidence: number | null };
const wordsOf = async (segmentId: string) =>
  ((await (await db()).transcriptSegment.findUniqueOrThrow({ where: { id: segmentId } })).words ?? []) as StoredWord[];
/** How far, in seconds summed over both ends of both words, the typed "ask not" are from where they are said. */
const distanceFromSpeech = (words: StoredWord[]) =>
  Math.abs(words[5].start - ASK.start) +
  Math.abs(words[5].end - ASK.end) +
  Math.abs(words[6].start - NOT.start) +
  Math.abs(words[6].end - NOT.end);
const EDITED = "And so my fellow Americans, ask not what your country can do for you,";

describe("re-aligning typed words to the audio", () => {
  test("inserted words move to where they are said; every kept word keeps its exact times; undo still works", async () => {
    const user = await signedInUser();
    const recording = await recordingOf(user.id);
    const [segment] = recording.segments;
    const saved = await editSegmentText(user.id, recording.id, segment.id, EDITED);
    // At once: spread between "Americans," (ends 2.46) and "what" (starts 5.37), far from where they are said.
    const spread = await wordsOf(segment.id);
    expect(spread[5]).toMatchObject({ word: "ask", confidence: null });
    expect(distanceFromSpeech(spread)).toBeGreaterThan(1);

    // The save queued the job; the in-process worker runs it.
    const aligned = await waitFor(
      () => wordsOf(segment.id),
      (words) => words[5].start !== spread[5].start,
      60_000,
    );
    expect(distanceFromSpeech(aligned)).toBeLessThan(0.2);
    expect(aligned[5].start).toBeGreaterThanOrEqual(aligned[4].end);
    expect(aligned[6].end).toBeLessThanOrEqual(aligned[7].start);
    HEARD.forEach(([word, start, end], index) => {
      const at = index < 5 ? index : index + 2;
      expect(aligned[at]).toEqual({ word, start, end, confidence: 0.9 });
    });

    // The revision's change holds the aligned words too, so undo finds the segment as it recorded it.
    await undoRevision(user.id, recording.id, saved.revision!.id);
    const undone = await wordsOf(segment.id);
    expect(undone.map((word) => word.word)).toEqual(HEARD.map(([word]) => word));
  });

  test("a segment changed again since its edit is left to the later edit's job", async () => {
    const user = await signedInUser();
    const recording = await recordingOf(user.id);
    const [segment] = recording.segments;
    const saved = await editSegmentText(user.id, recording.id, segment.id, EDITED);
    await setSegmentSpeaker(user.id, recording.id, segment.id, "Speaker 2");
    expect(
      await realignEditedWords({ recordingId: recording.id, segmentId: segment.id, revisionId: saved.revision!.id }),
    ).toBe("stale");
  });

  test("without an aligner for the language, the spread times stand", async () => {
    const user = await signedInUser();
    const recording = await recordingOf(user.id, "fr");
    const [segment] = recording.segments;
    const saved = await editSegmentText(user.id, recording.id, segment.id, EDITED);
    const spread = await wordsOf(segment.id);
    expect(
      await realignEditedWords({ recordingId: recording.id, segmentId: segment.id, revisionId: saved.revision!.id }),
    ).toBe("no-aligner");
    expect(await wordsOf(segment.id)).toEqual(spread);
  });

  test("the segment page says whether typed words are matched to the audio, and by what", async () => {
    const app = await appHandler();
    const user = await signedInUser();
    const hint = async (language: string, audioDeleted = false) => {
      const recording = await recordingOf(user.id, language);
      if (audioDeleted)
        await (await db()).recording.update({ where: { id: recording.id }, data: { audioDeletedAt: new Date() } });
      const page = await app(`/transcription/${recording.id}/segments/${recording.segments[0].id}`, {
        headers: { Cookie: user.cookie },
      });
      expect(page.status).toBe(200);
      return (await page.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    };
    expect(await hint("en")).toContain("then Pocketsphinx matches them to the audio a few seconds after you save.");
    expect(await hint("fr")).toContain(
      "no aligner on this server handles this transcript's language, so they are not matched to the audio.",
    );
    expect(await hint("en", true)).toContain("the audio was deleted, so they are not matched to it.");
  });
});
