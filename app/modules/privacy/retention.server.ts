// Retention: each user's policy (audio N days after its transcript, whole recordings N days after upload), capped by
// the operator's ceilings (RETENTION_MAX_*), enforced by a daily job in batches. The job also deletes expired data
// exports and the accounts whose 7-day grace period is over. Running it twice changes nothing more.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { defineJob } from "~/modules/platform/jobs.server";
import { configuredStorage } from "~/services/storage/index.server";
import type { FileStorage } from "~/services/storage/storage";
import { countOf } from "~/utils/plural";
import { deleteDerivedAudio } from "~/modules/recordings/stored-files.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { deleteAccountsPastGrace, serverRetentionMaximums } from "./deletion.server";
import { DAY_MS, effectiveDays, retentionChangeDetail } from "./retention";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("jobs");

export const RETENTION_BATCH = 200;

export async function retentionPolicy(userId: string) {
  const user = await (
    await db()
  ).user.findUniqueOrThrow({
    where: { id: userId },
    select: { audioRetentionDays: true, recordingRetentionDays: true },
  });
  return retentionFor({ audioDays: user.audioRetentionDays, recordingDays: user.recordingRetentionDays });
}

type RetentionChoice = { audioDays: number | null; recordingDays: number | null };

/** The user's choice, the server's ceilings, and what applies: the shorter of the two. */
function retentionFor(chosen: RetentionChoice) {
  const max = serverRetentionMaximums();
  return {
    chosen,
    max,
    effective: {
      audioDays: effectiveDays(chosen.audioDays, max.audioDays),
      recordingDays: effectiveDays(chosen.recordingDays, max.recordingDays),
    },
  };
}

export async function saveRetentionPolicy(
  userId: string,
  policy: { audioDays: number | null; recordingDays: number | null },
  source: AuditSource = {},
) {
  await (
    await db()
  ).user.update({
    where: { id: userId },
    data: { audioRetentionDays: policy.audioDays, recordingRetentionDays: policy.recordingDays },
  });
  await recordAudit({
    ...source,
    action: "retention.changed",
    actorId: userId,
    target: { kind: "user", id: userId, label: retentionChangeDetail(policy) },
  });
}

export interface RetentionNote {
  audioDeletedAt: Date | null;
  /** When the retention policy will delete the audio (not yet deleted). */
  audioDeletesAt: Date | null;
  /** When the retention policy will delete the whole recording. */
  deletesAt: Date | null;
}

/** For the recordings list: what retention did or will do to each of these recordings, by the owner's choice. */
export function retentionNotes(
  chosen: RetentionChoice,
  recordings: { id: string; createdAt: Date; completedAt: Date | null; audioDeletedAt: Date | null; status: string }[],
): Record<string, RetentionNote> {
  const { audioDays, recordingDays } = retentionFor(chosen).effective;
  const plus = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
  return Object.fromEntries(
    recordings.map((row) => [
      row.id,
      {
        audioDeletedAt: row.audioDeletedAt,
        audioDeletesAt:
          !row.audioDeletedAt && audioDays !== null && row.completedAt && row.status === "COMPLETED"
            ? plus(row.completedAt, audioDays)
            : null,
        deletesAt: recordingDays !== null ? plus(row.createdAt, recordingDays) : null,
      },
    ]),
  );
}

// The effective days in SQL: LEAST ignores NULL, so NULL on both sides (never, no ceiling) stays NULL and matches nothing.
const effectiveSql = (column: Prisma.Sql, max: number | null) =>
  max === null ? column : Prisma.sql`LEAST(${column}, ${max}::int)`;

/** One pass of retention at `now`. Returns what it deleted. */
export async function enforceRetention(
  now = new Date(),
  storage: FileStorage = configuredStorage(),
  batch = RETENTION_BATCH,
) {
  const database = await db();
  const max = serverRetentionMaximums();
  const perUser = new Map<string, { audio: number; recordings: number }>();
  const tally = (userId: string, kind: "audio" | "recordings") => {
    const counts = perUser.get(userId) ?? { audio: 0, recordings: 0 };
    counts[kind]++;
    perUser.set(userId, counts);
  };

  const audioDays = effectiveSql(Prisma.sql`u."audioRetentionDays"`, max.audioDays);
  let audioDeleted = 0;
  for (;;) {
    const due = await database.$queryRaw<{ id: string; userId: string; storageKey: string }[]>`
      SELECT r."id", r."userId", r."storageKey" FROM "Recording" r JOIN "User" u ON u."id" = r."userId"
      WHERE r."audioDeletedAt" IS NULL AND r."status" = 'COMPLETED' AND r."completedAt" IS NOT NULL
        AND r."completedAt" + make_interval(days => ${audioDays}) <= ${now}
      ORDER BY r."id" LIMIT ${batch}`;
    if (due.length === 0) break;
    // The file first: if storage fails, the row is not marked and the next run tries again.
    for (const row of due) {
      await storage.delete(row.storageKey);
      await deleteDerivedAudio(row.storageKey, storage);
    }
    await database.recording.updateMany({
      where: { id: { in: due.map((row) => row.id) } },
      data: { audioDeletedAt: now },
    });
    for (const row of due) tally(row.userId, "audio");
    audioDeleted += due.length;
  }

  const recordingDays = effectiveSql(Prisma.sql`u."recordingRetentionDays"`, max.recordingDays);
  let recordingsDeleted = 0;
  for (;;) {
    const due = await database.$queryRaw<{ id: string; userId: string; storageKey: string }[]>`
      SELECT r."id", r."userId", r."storageKey" FROM "Recording" r JOIN "User" u ON u."id" = r."userId"
      WHERE r."status" <> 'PROCESSING'
        AND r."createdAt" + make_interval(days => ${recordingDays}) <= ${now}
      ORDER BY r."id" LIMIT ${batch}`;
    if (due.length === 0) break;
    for (const row of due) {
      await storage.delete(row.storageKey);
      await deleteDerivedAudio(row.storageKey, storage);
    }
    await database.recording.deleteMany({ where: { id: { in: due.map((row) => row.id) } } });
    for (const row of due) tally(row.userId, "recordings");
    recordingsDeleted += due.length;
  }

  for (const [userId, counts] of perUser) {
    const parts = [
      counts.audio ? `audio of ${countOf(counts.audio, "recording")}` : "",
      counts.recordings ? countOf(counts.recordings, "recording") : "",
    ].filter(Boolean);
    await recordAudit({
      action: "retention.applied",
      actorId: userId,
      target: { kind: "user", id: userId, label: parts.join("; ") },
      ip: "server",
      userAgent: "retention job",
    });
  }

  const exportsDeleted = await deleteExpiredExports(now, storage);
  const accountsDeleted = await deleteAccountsPastGrace(now);
  return { audioDeleted, recordingsDeleted, exportsDeleted, accountsDeleted };
}

/** Exports past their 7 days: the file goes, the row stays (as "expired") until the account goes. */
async function deleteExpiredExports(now: Date, storage: FileStorage): Promise<number> {
  const database = await db();
  const expired = await database.dataExport.findMany({
    where: { expiresAt: { lte: now }, storageKey: { not: null } },
    select: { id: true, storageKey: true },
  });
  for (const row of expired) {
    await storage.delete(row.storageKey!);
    await database.dataExport.update({ where: { id: row.id }, data: { storageKey: null } });
  }
  return expired.length;
}

/** Daily at 03:23 UTC, on one worker (pg-boss keeps the schedule in the database). */
export const retentionJob = defineJob({
  queue: "privacy-retention",
  policy: { retryLimit: 3, retryDelay: 300, expireInSeconds: 6 * 60 * 60 },
  schedule: "23 3 * * *",
  work: async () => {
    const result = await enforceRetention();
    if (Object.values(result).some(Boolean)) log.info({ removed: result }, "retention");
  },
});
