// Minutes are charged by the second for what was decoded, and never undone by a mail that cannot be sent. The holds
// taken at queue time, which lock in SQL, are tested on both databases in minute-holds.test.ts.
// Jobs are queued for real but run here by calling the job itself, so each test decides when a transcript happens.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { runTranscription } from "~/modules/pipeline/transcription-job.server";
import { signedInUser } from "./helpers";
import { HELLO_WORLD, JFK, minuteTests } from "./minutes-helpers";

const { ffmpeg, tmpPath, upload, recording, charges, pageText } = minuteTests();

/**
 * A clip of exactly `seconds`: a short phrase, then silence. The charge tests read lengths, never words, so the engine
 * decodes 1.3 s of speech instead of jfk's 11 (about 5 CPU-s less per transcription here).
 */
const clip = (seconds: number) =>
  ffmpeg(`hello-world-${seconds}s.wav`, ["-i", HELLO_WORLD, "-af", `apad=whole_dur=${seconds}`]);

describe("charged by the second, for the decoded audio", () => {
  test("an 11 s clip and a 9 s clip cost 11 s and 9 s; the pages show minutes and seconds left", async () => {
    const user = await signedInUser("FREE");
    const ids = [
      (await upload(user.cookie, clip(11))).body.recording!.id,
      (await upload(user.cookie, clip(9))).body.recording!.id,
    ];
    for (const id of ids) await runTranscription(id, { finalAttempt: true });
    for (const id of ids) expect(await recording(id)).toMatchObject({ status: "COMPLETED", reservedSeconds: 0 });
    expect(await charges(user.id)).toEqual([11, 9]);
    expect(await pageText(user.cookie, "/dashboard")).toContain(
      "4 min 40 s left this month on the Free plan (5 minutes a month).",
    );
    expect(await pageText(user.cookie, "/account")).toContain("Free plan · 4 min 40 s left this month");
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
      const lying = tmpPath("lying.mp3");
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
    const eleven = clip(11);
    const ids = [
      (await upload(user.cookie, eleven)).body.recording!.id,
      (await upload(user.cookie, eleven)).body.recording!.id,
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
  /**
   * 5 min 1 s: a short phrase, then silence (the "ready" email goes out for recordings of 5 minutes or more). No test
   * here reads the words: 1.3 s of speech, not jfk's 11, for the engine to decode.
   */
  const fiveMinutes = () =>
    ffmpeg("five-minutes.mp3", [
      "-i",
      HELLO_WORLD,
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
