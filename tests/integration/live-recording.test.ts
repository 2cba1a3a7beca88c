// Live recording (dashboard) and the landing demo's server side, with real ffmpeg, pocketsphinx, queue and storage:
// a WebM recording arrives in one-second-sized chunks, live text appears, and on finish it is saved and transcribed.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { appHandler, postJson } from "./app-handler";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";

const JFK_WEBM = sharedFile("testdata/audio/jfk.webm");

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

interface LiveState {
  received: number;
  segments: { start: number; end: number; text: string }[];
  provisional: string;
  seconds: number;
  transcriptionError: string | null;
}

const start = (cookie: string, body: unknown) => app("/api/live-sessions", postJson(body, cookie));
const sendChunk = (cookie: string, id: string, index: number, chunk: Buffer, since = 0) =>
  app(`/api/live-sessions/${id}/chunks?index=${index}&since=${since}`, {
    method: "POST",
    body: new Uint8Array(chunk),
    headers: { Cookie: cookie, "Content-Type": "audio/webm" },
  });

/** jfk.webm cut into 11 byte ranges, as a MediaRecorder with a one-second timeslice would send it. */
function chunksOf(file: string, count = 11): Buffer[] {
  const bytes = fs.readFileSync(file);
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
}

describe("live recording", () => {
  test("chunks give live text as they arrive; finish saves the recording, transcribes it in full and charges it once (slow: live and full real transcriptions)", async () => {
    const user = await signedInUser();
    const started = await start(user.cookie, {
      mimeType: "audio/webm;codecs=opus",
      language: "en",
      liveTranscription: true,
      translateTo: "es",
    });
    expect(started.status).toBe(201);
    const { id, maxBytes } = (await started.json()) as { id: string; maxBytes: number };
    expect(maxBytes).toBe(50 * 1024 * 1024);

    let last: LiveState | undefined;
    const liveText: string[] = [];
    for (const [index, chunk] of chunksOf(JFK_WEBM).entries()) {
      const response = await sendChunk(user.cookie, id, index, chunk, liveText.length);
      expect(response.status).toBe(200);
      last = (await response.json()) as LiveState;
      liveText.push(...last.segments.map((segment) => segment.text));
      // Real time: one chunk a second would leave the engine time; here a short pause lets passes finish.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(last!.received).toBe(11);
    expect(last!.seconds).toBeGreaterThan(9);
    expect(last!.transcriptionError).toBeNull();

    const finished = await app(`/api/live-sessions/${id}/finish`, postJson({ title: "Inauguration" }, user.cookie));
    expect(finished.status).toBe(201);
    const { recording, live } = (await finished.json()) as {
      recording: { id: string; title: string };
      live: LiveState;
    };
    expect(recording.title).toBe("Inauguration");
    const allLive = live.segments.map((segment) => segment.text).join(" ");
    expect(allLive).toMatch(/country/);
    // Committed segments are in time order and never overlap.
    for (let i = 1; i < live.segments.length; i++)
      expect(live.segments[i].start).toBeGreaterThanOrEqual(live.segments[i - 1].end - 0.01);
    expect(fs.existsSync(dataDir("live", id))).toBe(false);

    const database = await db();
    const saved = await waitFor(
      () => database.recording.findUniqueOrThrow({ where: { id: recording.id } }),
      (row) => row.status === "COMPLETED",
      60_000,
    );
    expect(saved).toMatchObject({
      userId: user.id,
      fileName: "Inauguration.webm",
      mimeType: "audio/webm",
      language: "en",
      translateTo: "es",
    });
    expect(saved.durationSeconds).toBeGreaterThan(10);
    const text = (await database.transcriptSegment.findMany({ where: { recordingId: recording.id } }))
      .map((segment) => segment.text)
      .join(" ");
    expect(text).toContain("country");
    // Charged by the second, for what was decoded.
    expect(await database.usageCharge.findMany({ where: { recordingId: recording.id } })).toEqual([
      expect.objectContaining({ seconds: Math.ceil(saved.durationSeconds) }),
    ]);
  });

  test("a repeated chunk is ignored, a gap is 409; another user gets 404; cancel removes the audio", async () => {
    const user = await signedInUser();
    const { id } = (await (await start(user.cookie, { mimeType: "audio/webm", liveTranscription: false })).json()) as {
      id: string;
    };
    const [first, second, third] = chunksOf(JFK_WEBM);
    expect((await sendChunk(user.cookie, id, 0, first)).status).toBe(200);
    const repeated = await sendChunk(user.cookie, id, 0, first);
    expect(((await repeated.json()) as LiveState).received).toBe(1);
    const gap = await sendChunk(user.cookie, id, 2, third);
    expect(gap.status).toBe(409);
    expect(((await gap.json()) as { error: string }).error).toBe("Chunk 1 is missing; send it first.");
    expect((await sendChunk(user.cookie, id, 1, second)).status).toBe(200);
    expect(fs.statSync(path.join(dataDir("live", id), "recording.webm")).size).toBe(first.length + second.length);

    const other = await signedInUser();
    expect((await sendChunk(other.cookie, id, 2, third)).status).toBe(404);
    expect((await app(`/api/live-sessions/${id}/finish`, postJson({}, other.cookie))).status).toBe(404);
    expect(
      (await app(`/api/live-sessions/${id}`, { method: "DELETE", headers: { Cookie: other.cookie } })).status,
    ).toBe(404);

    expect((await app(`/api/live-sessions/${id}`, { method: "DELETE", headers: { Cookie: user.cookie } })).status).toBe(
      204,
    );
    expect(fs.existsSync(dataDir("live", id))).toBe(false);
    expect((await sendChunk(user.cookie, id, 2, third)).status).toBe(404);
  });

  test("bad requests are 4xx with specific messages", async () => {
    expect((await start("", { mimeType: "audio/webm" })).status).toBe(401);
    const user = await signedInUser();
    const badFormat = await start(user.cookie, { mimeType: "video/avi" });
    expect(badFormat.status).toBe(400);
    expect(((await badFormat.json()) as { error: string }).error).toBe(
      "The recording format must be WEBM, MP4, MPEG or OGG audio.",
    );
    expect((await start(user.cookie, { mimeType: "audio/webm", language: "xx" })).status).toBe(400);
    expect((await start(user.cookie, "{not json")).status).toBe(400);

    const { id } = (await (await start(user.cookie, { mimeType: "audio/webm" })).json()) as { id: string };
    expect(
      (
        await app(`/api/live-sessions/${id}/chunks?index=-1`, {
          method: "POST",
          body: Buffer.from("x"),
          headers: { Cookie: user.cookie },
        })
      ).status,
    ).toBe(400);
    expect((await sendChunk(user.cookie, id, 0, Buffer.alloc(0))).status).toBe(400);
    expect((await sendChunk(user.cookie, id, 0, Buffer.alloc(2 * 1024 * 1024 + 1))).status).toBe(413);
    const empty = await app(`/api/live-sessions/${id}/finish`, postJson({}, user.cookie));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("Nothing was recorded.");

    // Not audio: refused at finish like an upload, and nothing is stored.
    const { id: junk } = (await (await start(user.cookie, { mimeType: "audio/webm" })).json()) as { id: string };
    await sendChunk(user.cookie, junk, 0, fs.readFileSync(sharedFile("testdata/bad/script.webm")));
    const refused = await app(`/api/live-sessions/${junk}/finish`, postJson({}, user.cookie));
    expect(refused.status).toBe(415);
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a Free user with no minutes left cannot start", async () => {
    const user = await signedInUser();
    await (await db()).usageCharge.create({ data: { userId: user.id, seconds: 5 * 60 } });
    const response = await start(user.cookie, { mimeType: "audio/webm" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe(
      "You have no minutes left this month on the Free plan.",
    );
  });
});

describe("landing demo transcription", () => {
  const demo = (locale: string, clip: Buffer) =>
    app(`/api/demo/transcribe?locale=${locale}`, {
      method: "POST",
      body: new Uint8Array(clip),
      headers: { "Content-Type": "audio/webm" },
    });

  test("an anonymous clip is transcribed by the server engine and not kept", async () => {
    const before = fs.existsSync(dataDir("uploads"))
      ? fs.readdirSync(dataDir("uploads"), { recursive: true }).length
      : 0;
    const response = await demo("en-US", fs.readFileSync(JFK_WEBM));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { text: string; engine: string };
    expect(body.text).toContain("country");
    expect(body.engine).toMatch(/^Pocketsphinx/);
    const after = fs.existsSync(dataDir("uploads"))
      ? fs.readdirSync(dataDir("uploads"), { recursive: true }).length
      : 0;
    expect(after).toBe(before);
  });

  test("bad clips and locales get specific 4xx messages", async () => {
    const badLocale = await demo("xx-XX", fs.readFileSync(JFK_WEBM));
    expect(badLocale.status).toBe(400);
    expect(((await badLocale.json()) as { error: string }).error).toBe(
      "locale must be one of the demo's languages, such as en-US.",
    );
    expect((await demo("en-US", fs.readFileSync(sharedFile("testdata/bad/not-audio.mp3")))).status).toBe(415);
    expect((await demo("en-US", Buffer.alloc(0))).status).toBe(400);
    // Pocketsphinx transcribes English only: a German clip is refused with the reason.
    const german = await demo("de-DE", fs.readFileSync(JFK_WEBM));
    expect(german.status).toBe(422);
    expect(((await german.json()) as { error: string }).error).toMatch(/English only/);
  });
});
