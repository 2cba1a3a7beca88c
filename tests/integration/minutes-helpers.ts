// What the minute tests share: the app's request handler, the job queue started without its workers (each test runs
// a job itself, so it decides when a transcript happens), and test audio made with ffmpeg in a folder of the file's own.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { appHandler } from "./app-handler";
import { testOutbox } from "./helpers";
import { sharedFile } from "../shared-files";

export const JFK = sharedFile("testdata/audio/jfk.wav"); // 11.0 s
export const HELLO_WORLD = sharedFile("testdata/audio/hello-world.wav"); // 1.3 s

/** Registers the file's setup and returns what its tests call. */
export function minuteTests() {
  let app: Awaited<ReturnType<typeof appHandler>>;
  let tmp: string;

  beforeAll(async () => {
    app = await appHandler();
    await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-minutes-"));
  });
  afterAll(async () => {
    await stopJobs();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  return {
    /** A path in the file's own temporary folder. */
    tmpPath: (name: string) => path.join(tmp, name),

    /** Makes test audio with ffmpeg (nothing binary is kept in the repository). */
    ffmpeg(name: string, args: string[]): string {
      const out = path.join(tmp, name);
      execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error", "-y", ...args, out]);
      return out;
    },

    async upload(cookie: string, file: string, fileName = path.basename(file)) {
      const form = new FormData();
      form.set("file", new Blob([fs.readFileSync(file)]), fileName);
      const response = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: cookie } });
      return {
        status: response.status,
        body: (await response.json()) as { recording?: { id: string }; error?: string },
      };
    },

    post(cookie: string, recordingId: string, intent: string) {
      return app(`/transcription/${recordingId}`, {
        method: "POST",
        body: new URLSearchParams({ intent }),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
    },

    recording: async (id: string) => (await db()).recording.findUniqueOrThrow({ where: { id } }),

    charges: async (userId: string) =>
      (await (await db()).usageCharge.findMany({ where: { userId }, orderBy: { createdAt: "asc" } })).map(
        (charge) => charge.seconds,
      ),

    pageText: async (cookie: string, url: string) =>
      (await (await app(url, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", ""),
  };
}
