// @both-databases: the minute holds, locked with FOR UPDATE and summed in SQL, in app/modules/usage/usage.server.ts
// Minutes: held at queue time so that uploads sent together cannot pass the allowance, charged by the second for
// what was decoded, released on cancel and failure, and never undone by a mail that cannot be sent.
// Jobs are queued for real but run here by calling the job itself, so each test decides when a transcript happens.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { recoverStalledTranscriptions, startJobs, stopJobs } from "~/modules/jobs.server";
import { runTranscription } from "~/modules/pipeline/transcription-job.server";
import { AllowanceExceededError, reserveSeconds } from "~/modules/usage/usage.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox } from "./helpers";
import { sharedFile } from "../shared-files";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const JFK = sharedFile("testdata/audio/jfk.wav"); // 11.0 s

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

/** Makes test audio with ffmpeg (nothing binary is kept in the repository). */
function ffmpeg(name: string, args: string[]): string {
  const out = path.join(tmp, name);
  execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error", "-y", ...args, out]);
  return out;
}

async function upload(cookie: string, file: string, fileName = path.basename(file)) {
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(file)]), fileName);
  const response = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: cookie } });
  return { status: response.status, body: (await response.json()) as { recording?: { id: string }; error?: string } };
}

function post(cookie: string, recordingId: string, intent: string) {
  return app(`/transcription/${recordingId}`, {
    method: "POST",
    body: new URLSearchParams({ intent }),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const recording = async (id: string) => (await db()).recording.findUniqueOrThrow({ where: { id } });
const charges = async (userId: string) =>
  (await (await db()).usageCharge.findMany({ where: { userId }, orderBy: { createdAt: "asc" } })).map(
    (charge) => charge.seconds,
  );
const pageText = async (cookie: string, url: string) =>
  (await (await app(url, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");

describe("the allowance holds queued and running transcriptions", () => {
  test("8 one-minute clips sent at once on Free (5 minutes): 5 are accepted, 3 refused", async () => {
    const user = await signedInUser("FREE");
    const clip = ffmpeg("one-minute.wav", ["-f", "lavfi", "-i", "sine=f=300:d=60:sample_rate=8000"]);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => upload(user.cookie, clip, `clip-${index}.wav`)),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    const refused = results.filter((result) => result.status !== 201);
    expect(refused).toHaveLength(3);
    for (const result of refused) {
      expect(result).toEqual({
        status: 403,
        body: { error: "This recording needs 1 min and you have 0 s left this month on the Free plan." },
      });
    }
    const rows = await (await db()).recording.findMany({ where: { userId: user.id } });
    expect(rows.map((row) => [row.status, row.reservedSeconds])).toEqual(Array(5).fill(["QUEUED", 60]));
    expect(await pageText(user.cookie, "/dashboard")).toContain(
      "0 s left this month on the Free plan (5 minutes a month). 5 min is held for transcriptions in progress.",
    );

    // Cancelling one gives its minute back at once.
    expect((await post(user.cookie, rows[0].id, "cancel")).status).toBe(303);
    expect(await recording(rows[0].id)).toMatchObject({ status: "CANCELLED", reservedSeconds: 0 });
    expect((await upload(user.cookie, clip)).status).toBe(201);
    expect((await upload(user.cookie, clip)).status).toBe(403);
  });

  test("holds for one user are taken one at a time: the user's row is locked until each commits", async () => {
    const user = await signedInUser("FREE");
    // Outside the transactions: on PGlite's one connection a query beside an open transaction waits for it.
    const workspaceId = await personalWorkspaceId(user.id);
    // Each hold takes a while inside its transaction, so without the lock all eight would read 5 minutes left.
    const holds = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        reserveSeconds(user.id, 60, async (tx) => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return tx.recording.create({
            data: {
              userId: user.id,
              workspaceId,
              title: `hold ${index}`,
              fileName: "a.wav",
              storageKey: `none-${index}`,
              sizeBytes: 1,
              mimeType: "audio/wav",
              durationSeconds: 60,
              reservedSeconds: 60,
            },
          });
        }),
      ),
    );
    expect(holds.filter((hold) => hold.status === "fulfilled")).toHaveLength(5);
    const refusals = holds.flatMap((hold) => (hold.status === "rejected" ? [hold.reason] : []));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(AllowanceExceededError);
  });

  test("retry holds the minutes again: refused with none left, accepted when they fit", async () => {
    const user = await signedInUser("FREE");
    const { body } = await upload(user.cookie, JFK);
    const id = body.recording!.id;
    expect(await recording(id)).toMatchObject({ status: "QUEUED", reservedSeconds: 11 });
    expect((await post(user.cookie, id, "cancel")).status).toBe(303);
    expect((await recording(id)).reservedSeconds).toBe(0);

    await (await db()).usageCharge.create({ data: { userId: user.id, seconds: 5 * 60 } });
    const refused = await post(user.cookie, id, "retry");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "This recording needs 11 s and you have 0 s left this month on the Free plan.",
    );
    expect(await recording(id)).toMatchObject({ status: "CANCELLED", reservedSeconds: 0 });

    await (await db()).usageCharge.updateMany({ where: { userId: user.id }, data: { seconds: 5 * 60 - 11 } });
    expect((await post(user.cookie, id, "retry")).status).toBe(303);
    const queued = await recording(id);
    expect(queued).toMatchObject({ status: "QUEUED", reservedSeconds: 11 });
    expect(queued.jobId).toBeTruthy();
    // A second retry of the same recording is not a second hold.
    expect((await post(user.cookie, id, "retry")).status).toBe(409);
  });

  test("a job whose worker died on its last attempt fails and stops holding its minutes", async () => {
    const user = await signedInUser("FREE");
    const id = (await upload(user.cookie, JFK)).body.recording!.id;
    const { jobId } = await recording(id);
    // As pg-boss leaves it when a worker takes the last retry (TRANSCRIBE_RETRIES) and then dies mid-job.
    await (
      await getDatabase()
    ).sql.query(`UPDATE pgboss.job SET state = 'active', started_on = now(), retry_count = retry_limit WHERE id = $1`, [
      jobId,
    ]);
    await (
      await db()
    ).recording.update({
      where: { id },
      data: { status: "PROCESSING", heartbeatAt: new Date(Date.now() - 5 * 60_000) },
    });
    expect((await recording(id)).reservedSeconds).toBe(11);
    expect(await recoverStalledTranscriptions()).toEqual([jobId]);
    expect(await recording(id)).toMatchObject({
      status: "FAILED",
      reservedSeconds: 0,
      failureReason: "The transcription stopped unexpectedly several times. No minutes were charged. You can retry.",
    });
  });
});

describe("charged by the second, for the decoded audio", () => {
  test("an 11 s clip and a 9 s clip cost 11 s and 9 s; the pages show minutes and seconds left", async () => {
    const user = await signedInUser("FREE");
    const nine = ffmpeg("nine-seconds.wav", ["-i", JFK, "-t", "9"]);
    const ids = [
      (await upload(user.cookie, JFK)).body.recording!.id,
      (await upload(user.cookie, nine)).body.recording!.id,
    ];
    for (const id of ids) await runTranscription(id, { finalAttempt: true });
    for (const id of ids) expect(await recording(id)).toMatchObject({ status: "COMPLETED", reservedSeconds: 0 });
    expect(await charges(user.id)).toEqual([11, 9]);
    expect(await pageText(user.cookie, "/dashboard")).toContain(
      "4 min 40 s left this month on the Free plan (5 minutes a month).",
    );
    expect(await pageText(user.cookie, "/account")).toContain("Free plan · 4 min 40 s left this month");
  });

  test("existing charges in minutes became the same amount in seconds", async () => {
    const migration = fs.readFileSync(
      path.resolve("prisma/migrations/20261123195401_usage_in_seconds/migration.sql"),
      "utf8",
    );
    const database = await getDatabase();
    // Replays the migration's data step on a table shaped as before it.
    await database.sql.exec(`CREATE TABLE "UsageChargeBefore" ("minutes" INTEGER NOT NULL);
      INSERT INTO "UsageChargeBefore" VALUES (1), (6);`);
    const convert = migration
      .split("\n")
      .filter((line) => line.includes('"UsageCharge"'))
      .join("\n")
      .replaceAll('"UsageCharge"', '"UsageChargeBefore"');
    await database.sql.exec(convert);
    const rows = await database.sql.query<{ seconds: number }>(`SELECT "seconds" FROM "UsageChargeBefore" ORDER BY 1`);
    expect(rows.map((row) => row.seconds)).toEqual([60, 360]);
    await database.sql.exec(`DROP TABLE "UsageChargeBefore"`);
  });

  test(
    "a long MP3 whose header understates its length is held and refused for its real length",
    { timeout: 120_000 },
    async () => {
      // The Xing header (frame count) of 31 minutes, then 4 min 11 s more frames: ffprobe states about 32 minutes.
      const stated = ffmpeg("stated.mp3", [
        "-f",
        "lavfi",
        "-i",
        "sine=f=300:d=1860:sample_rate=8000",
        "-c:a",
        "libmp3lame",
        "-q:a",
        "9",
      ]);
      const more = ffmpeg("more.mp3", [
        "-f",
        "lavfi",
        "-i",
        "sine=f=300:d=251:sample_rate=8000",
        "-c:a",
        "libmp3lame",
        "-q:a",
        "9",
        "-write_xing",
        "0",
        "-id3v2_version",
        "0",
      ]);
      const lying = path.join(tmp, "lying.mp3");
      fs.writeFileSync(lying, Buffer.concat([fs.readFileSync(stated), fs.readFileSync(more)]));
      const header = Number(
        execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", lying]),
      );
      expect(header).toBeGreaterThan(30 * 60);
      expect(header).toBeLessThan(33 * 60);

      // Premium (120 minutes) with 85 used: 35 minutes left, more than the header says, less than the file holds.
      const user = await signedInUser("PREMIUM");
      await (await db()).usageCharge.create({ data: { userId: user.id, seconds: 85 * 60 } });
      const refused = await upload(user.cookie, lying);
      expect(refused).toEqual({
        status: 403,
        body: { error: "This recording needs 35 min 12 s and you have 35 min left this month on the Premium plan." },
      });

      await (await db()).usageCharge.deleteMany({ where: { userId: user.id } });
      const accepted = await upload(user.cookie, lying);
      expect(accepted.status).toBe(201);
      const row = await recording(accepted.body.recording!.id);
      expect(row.durationSeconds).toBeCloseTo(2111.3, 0);
      expect(row.reservedSeconds).toBe(2112);
    },
  );

  test("the job charges what it decodes, and needs the allowance for what the upload did not hold", async () => {
    const user = await signedInUser("FREE");
    const ids = [
      (await upload(user.cookie, JFK)).body.recording!.id,
      (await upload(user.cookie, JFK)).body.recording!.id,
    ];
    // As if each file had claimed 3 s at upload (the length a lying header gives the probe).
    await (
      await db()
    ).recording.updateMany({ where: { id: { in: ids } }, data: { durationSeconds: 3, reservedSeconds: 3 } });

    await runTranscription(ids[0], { finalAttempt: false });
    const first = await recording(ids[0]);
    expect(first).toMatchObject({ status: "COMPLETED", reservedSeconds: 0 });
    expect(first.durationSeconds).toBeCloseTo(11, 2);
    expect(await charges(user.id)).toEqual([11]);

    // 290 s charged and 3 s held leave 7 s: the 8 s more the second file needs do not fit (10 s in all).
    await (await db()).usageCharge.updateMany({ where: { userId: user.id }, data: { seconds: 5 * 60 - 10 } });
    await runTranscription(ids[1], { finalAttempt: false });
    expect(await recording(ids[1])).toMatchObject({
      status: "FAILED",
      reservedSeconds: 0,
      failureReason:
        "This recording is 11 s long, longer than its file said, and you have 10 s left this month on the Free plan. No minutes were charged.",
    });
    expect(await charges(user.id)).toEqual([5 * 60 - 10]);
  });
});

describe("after the transcript is saved, nothing undoes it", () => {
  /** 5 min 1 s: jfk, then silence (the "ready" email goes out for recordings of 5 minutes or more). */
  const fiveMinutes = () =>
    ffmpeg("five-minutes.mp3", [
      "-i",
      JFK,
      "-af",
      "apad=whole_dur=301",
      "-ar",
      "16000",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "32k",
    ]);
  const queuedMails = async () =>
    (
      await (
        await getDatabase()
      ).sql.query<{ data: { to: string; subject: string } }>(`SELECT data FROM pgboss.job WHERE name = 'send-email'`)
    ).map((row) => row.data);

  test(
    "a 185-character title: the transcript is saved and charged once, and the email's subject is shortened",
    { timeout: 120_000 },
    async () => {
      const user = await signedInUser("PREMIUM");
      // An emoji across the 80th code unit, where a quoted title is cut: a naive slice would split its surrogates.
      const title =
        `${"Quarterly planning, ".repeat(3)}the whole team 😀😀😀😀😀😀 ${"and more words ".repeat(10)}`.slice(0, 185);
      expect(title).toHaveLength(185);
      const { body } = await upload(user.cookie, fiveMinutes(), `${"x".repeat(185)}.mp3`);
      const id = body.recording!.id;
      expect((await recording(id)).title).toHaveLength(185);
      await (await db()).recording.update({ where: { id }, data: { title } });
      await runTranscription(id, { finalAttempt: false });
      expect(await recording(id)).toMatchObject({ status: "COMPLETED", failureReason: null, reservedSeconds: 0 });
      expect(await charges(user.id)).toEqual([301]);

      const { email } = await (await db()).user.findUniqueOrThrow({ where: { id: user.id } });
      const mail = (await queuedMails()).find((message) => message.to === email)!;
      expect(mail.subject.length).toBeLessThanOrEqual(200);
      expect(mail.subject).toMatch(/^Your transcript of "Quarterly planning, .*😀…" is ready$/);
      expect(mail.subject).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    },
  );

  test("a mail that cannot be queued does not fail or re-run the job", { timeout: 120_000 }, async () => {
    const user = await signedInUser("PREMIUM");
    const { body } = await upload(user.cookie, fiveMinutes());
    const id = body.recording!.id;
    // An address the mail queue refuses (it passed older sign-up checks).
    await (await db()).user.update({ where: { id: user.id }, data: { email: `x${Date.now()}@b.c` } });
    await runTranscription(id, { finalAttempt: false });
    expect(await recording(id)).toMatchObject({ status: "COMPLETED", failureReason: null });
    expect(await charges(user.id)).toEqual([301]);
  });

  test("a failed job says so in a sentence, and says whether minutes were charged", async () => {
    const user = await signedInUser("FREE");
    const ids = [
      (await upload(user.cookie, JFK)).body.recording!.id,
      (await upload(user.cookie, JFK)).body.recording!.id,
    ];
    // Both lose their stored audio; the second had been charged by an earlier run.
    await (
      await db()
    ).recording.updateMany({ where: { id: { in: ids } }, data: { storageKey: "recordings/missing.wav" } });
    await (await db()).usageCharge.create({ data: { userId: user.id, recordingId: ids[1], seconds: 11 } });
    for (const id of ids) await expect(runTranscription(id, { finalAttempt: true })).rejects.toThrow();
    expect(await recording(ids[0])).toMatchObject({
      status: "FAILED",
      reservedSeconds: 0,
      failureReason:
        "The transcription could not be completed because of an error on our side. No minutes were charged. You can retry.",
    });
    expect((await recording(ids[1])).failureReason).toBe(
      "The transcription could not be completed because of an error on our side. This recording was charged 11 s. You can retry.",
    );
    const page = await pageText(user.cookie, `/transcription/${ids[0]}`);
    expect(page).toContain("No minutes were charged. You can retry.");
    expect(page).not.toMatch(/ZodError|ENOENT/);
  });
});
