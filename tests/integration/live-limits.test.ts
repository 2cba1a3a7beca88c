// Live sessions cost an ffmpeg process and buffered audio each: a user may run only a few at once, and a session
// nobody posts to is ended by a timer after a minute, with its decoder and files.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import {
  discardAllLiveSessions,
  LIVE_IDLE_MS,
  startLiveSession,
  StartLiveSchema,
} from "~/modules/live/live-sessions.server";
import { appHandler, postJson } from "./app-handler";
import { signedInUser, waitFor } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: false });
});
afterAll(() => stopJobs());
afterEach(() => vi.useRealTimers());

const start = (cookie: string) =>
  app("/api/live-sessions", postJson({ mimeType: "audio/webm", language: "en", liveTranscription: true }, cookie));

/** ffmpeg processes this process started. */
function ffmpegChildren(): number {
  const children = fs
    .readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("ffmpeg");
    } catch {
      return false;
    }
  }).length;
}

describe("live session limits", () => {
  test("a third live session for the same user is 429 with a message; other users are not affected", async () => {
    const user = await signedInUser();
    expect((await start(user.cookie)).status).toBe(201);
    expect((await start(user.cookie)).status).toBe(201);
    const third = await start(user.cookie);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: string }).error).toMatch(/already have 2 live recordings running/);
    // Parallel starts cannot slip past the cap either.
    const other = await signedInUser();
    const parallel = await Promise.all(Array.from({ length: 5 }, () => start(other.cookie)));
    expect(parallel.map((response) => response.status).sort()).toEqual([201, 201, 429, 429, 429]);
  });

  test("an idle session is ended by the timer after a minute: its decoder is killed and its folder removed", async () => {
    const user = await signedInUser();
    const before = ffmpegChildren();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const { id } = await startLiveSession(user.id, StartLiveSchema.parse({ mimeType: "audio/webm", language: "en" }));
    expect(fs.existsSync(dataDir("live", id))).toBe(true);
    expect(ffmpegChildren()).toBe(before + 1);
    vi.advanceTimersByTime(LIVE_IDLE_MS / 2);
    expect(fs.existsSync(dataDir("live", id))).toBe(true);
    // Nobody starts another session: the timer alone ends it.
    vi.advanceTimersByTime(LIVE_IDLE_MS);
    vi.useRealTimers();
    await waitFor(
      async () => fs.existsSync(dataDir("live", id)),
      (exists) => !exists,
      5_000,
    );
    await waitFor(
      async () => ffmpegChildren(),
      (count) => count === before,
      5_000,
    );
    await discardAllLiveSessions();
  });
});
