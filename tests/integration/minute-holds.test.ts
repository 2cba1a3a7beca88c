// @both-databases: the minute holds, locked with FOR UPDATE and summed in SQL, in app/modules/usage/usage.server.ts, and the migration of charges to seconds
// Minutes are held at queue time, so that uploads sent together cannot pass the allowance, and released on cancel and
// on a job's last failure. What a transcription charges is tested in minutes.test.ts, on the embedded database only.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { recoverStalledTranscriptions } from "~/modules/jobs.server";
import { AllowanceExceededError, reserveSeconds } from "~/modules/usage/usage.server";
import { signedInUser } from "./helpers";
import { JFK, minuteTests } from "./minutes-helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const { ffmpeg, upload, post, recording, pageText } = minuteTests();

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

describe("charges in seconds", () => {
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
});
