// Text that arrives early (ADR 025): the job saves each chunk's settled segments as it goes and the transcript page
// shows them while it runs; a cancel keeps none of them and charges nothing. And the glossary: saved on the
// account page, it spells the transcript's terms, is kept with the recording, and is exported in JSON with the
// words' confidence. Real database, queue, ffmpeg and pocketsphinx; the job is run here by calling it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { runTranscription } from "~/modules/pipeline/transcription-job.server";
import { repeatedJfk } from "~/services/transcription/test-audio";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";

const JFK = sharedFile("testdata/audio/jfk.wav");

let app: Awaited<ReturnType<typeof appHandler>>;
let tmp: string;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-progressive-"));
});
afterAll(async () => {
  await stopJobs();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function upload(cookie: string, file: string) {
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: cookie } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { recording: { id: string } }).recording.id;
}

const post = (cookie: string, url: string, fields: Record<string, string>) =>
  app(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
const segmentsOf = async (recordingId: string) =>
  (await db()).transcriptSegment.findMany({ where: { recordingId }, orderBy: { position: "asc" } });
const pageText = async (cookie: string, url: string) =>
  (await (await app(url, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");

describe("text that arrives early", () => {
  test("segments show on the page while the job runs; a cancel removes them and charges nothing", async () => {
    const user = await signedInUser("FREE");
    // 9 × (jfk.wav + 4 s) = 135 s: longer than pocketsphinx's 120 s chunk, so it is done in chunks (20 s first).
    const id = await upload(user.cookie, repeatedJfk(path.join(tmp, "long.wav"), 9));
    const job = runTranscription(id, { finalAttempt: true });

    const early = await waitFor(
      () => segmentsOf(id),
      (segments) => segments.length > 0,
      60_000,
    );
    const recording = await (await db()).recording.findUniqueOrThrow({ where: { id } });
    expect(recording.status).toBe("PROCESSING");
    expect(early[0].start).toBeLessThan(15);
    const page = await pageText(user.cookie, `/transcription/${id}`);
    expect(page).toContain("Transcript so far");
    expect(page).toContain(early[0].text);
    // Without JavaScript the page refreshes itself while the job runs.
    expect(page).toMatch(/<noscript><meta http-equiv="refresh" content="5"\/?><\/noscript>/);

    expect((await post(user.cookie, `/transcription/${id}`, { intent: "cancel" })).status).toBe(303);
    expect(await segmentsOf(id)).toEqual([]);
    await job;
    expect(await (await db()).recording.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "CANCELLED",
      reservedSeconds: 0,
    });
    expect(await segmentsOf(id)).toEqual([]);
    expect(await (await db()).usageCharge.count({ where: { recordingId: id } })).toBe(0);
    expect(await pageText(user.cookie, `/transcription/${id}`)).not.toContain("Transcript so far");
  }, 120_000);
});

describe("the glossary", () => {
  test("saved on the account page (without JS), it spells the transcript's terms and is exported with word confidence", async () => {
    const user = await signedInUser("FREE");
    const refused = await post(user.cookie, "/account", { intent: "glossary", terms: `${"x".repeat(61)}\nok` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Each term can be at most 60 characters");

    const saved = await post(user.cookie, "/account", { intent: "glossary", terms: "Country\n Voxlate \n\ncountry" });
    expect(saved.status).toBe(302);
    // Kept on the user's personal workspace (ADR 034-workspace), which their uploads go to.
    const personal = await (await db()).workspace.findUniqueOrThrow({ where: { personalOwnerId: user.id } });
    expect(personal.glossary).toEqual(["Country", "Voxlate"]);
    expect(await pageText(user.cookie, "/account")).toMatch(/<textarea[^>]*>Country\nVoxlate<\/textarea>/);

    const id = await upload(user.cookie, JFK);
    await runTranscription(id, { finalAttempt: true });
    const done = await (await db()).recording.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ status: "COMPLETED", glossary: ["Country", "Voxlate"] });
    const text = (await segmentsOf(id)).map((segment) => segment.text).join(" ");
    // pocketsphinx writes in lower case; the post-pass spells the term the glossary's way.
    expect(text).toContain("Country");
    expect(text).not.toMatch(/\bcountry\b/);

    const response = await app(`/transcription/${id}/export?format=json`, { headers: { Cookie: user.cookie } });
    expect(response.status).toBe(200);
    const exported = (await response.json()) as {
      glossary: string[];
      segments: { words: { word: string; confidence: number | null }[] }[];
    };
    expect(exported.glossary).toEqual(["Country", "Voxlate"]);
    const words = exported.segments.flatMap((segment) => segment.words);
    expect(words.map((word) => word.word)).toContain("Country");
    // pocketsphinx's posteriors, 0–1.
    for (const word of words) {
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
