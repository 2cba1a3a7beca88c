// @both-databases: migrations and their advisory lock in app/modules/platform/migrations.server.ts, and the connections, transactions and unique violations of app/modules/platform/database.server.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { getDatabase, db, readSql } from "~/modules/platform/database.server";
import {
  applyMigrations,
  MIGRATIONS_DIR,
  pendingMigrations,
  readMigrationFiles,
} from "~/modules/platform/migrations.server";

describe("migrations", () => {
  test("every migration is applied and recorded in Prisma's table", async () => {
    const database = await getDatabase();
    const names = readMigrationFiles().map((file) => file.name);
    expect(names.length).toBeGreaterThan(0);
    const rows = await database.sql.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
    expect(await pendingMigrations(database.sql)).toEqual([]);
  });

  test("applying again changes nothing", async () => {
    const database = await getDatabase();
    const result = await database.withConnection((sql) => applyMigrations(sql));
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBe(readMigrationFiles().length);
  });

  test("a migration edited after it was applied is refused", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-migrations-"));
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const [first] = readMigrationFiles(copy);
    fs.appendFileSync(path.join(copy, first.name, "migration.sql"), "\n-- edited\n");
    const database = await getDatabase();
    await expect(database.withConnection((sql) => applyMigrations(sql, copy))).rejects.toThrow(
      `Migration ${first.name} was changed after it was applied`,
    );
    fs.rmSync(copy, { recursive: true, force: true });
  });

  test("a failing migration rolls back and leaves no record", async () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-migrations-"));
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const broken = path.join(copy, "99990101000000_broken");
    fs.mkdirSync(broken);
    fs.writeFileSync(
      path.join(broken, "migration.sql"),
      `CREATE TABLE "Half" ("id" TEXT);\nSELECT * FROM "NoSuchTable";\n`,
    );
    const database = await getDatabase();
    await expect(database.withConnection((sql) => applyMigrations(sql, copy))).rejects.toThrow(
      /Migration 99990101000000_broken failed/,
    );
    const [{ exists }] = await database.sql.query<{ exists: boolean }>(
      `SELECT to_regclass('"Half"') IS NOT NULL AS exists`,
    );
    expect(exists).toBe(false);
    expect(await pendingMigrations(database.sql, copy)).toEqual(["99990101000000_broken"]);
    fs.rmSync(copy, { recursive: true, force: true });
  });
});

describe("Prisma on this database", () => {
  test("creates, reads and enforces unique emails", async () => {
    const prisma = await db();
    const user = await prisma.user.create({
      data: { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" },
    });
    expect(user.plan).toBe("FREE");
    expect(await prisma.user.findUnique({ where: { email: "ada@example.com" } })).toMatchObject({ id: user.id });
    await expect(
      prisma.user.create({ data: { email: "ada@example.com", firstName: "Ada", lastName: "Again" } }),
    ).rejects.toThrow();
  });

  test("an interactive transaction rolls back on error", async () => {
    const prisma = await db();
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { email: "rollback@example.com", firstName: "Ro", lastName: "Back" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await prisma.user.findUnique({ where: { email: "rollback@example.com" } })).toBeNull();
  });
});

describe("reads straight to the connection (Database.read)", () => {
  test("keep dates in UTC, as Prisma's models do, whatever the process's time zone", async () => {
    const prisma = await db();
    const createdAt = new Date("2026-03-29T01:30:00.250Z"); // the night the clocks change in Europe
    const user = await prisma.user.create({
      data: { email: "utc@example.com", firstName: "Ut", lastName: "Ce", createdAt },
    });
    const zone = process.env.TZ;
    try {
      for (const timeZone of ["Europe/Paris", "America/Los_Angeles", "UTC"]) {
        process.env.TZ = timeZone;
        const query = Prisma.sql`
          SELECT "id", "createdAt", "plan"::text AS "plan", count(*) OVER () AS "total"
          FROM "User" WHERE "id" = ${user.id} AND "createdAt" = ${createdAt}`;
        const [row] = await readSql<{ id: string; createdAt: Date; plan: string; total: unknown }>(query);
        const viaPrisma = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
        expect(row).toMatchObject({ id: user.id, plan: "FREE" });
        expect(row.createdAt.toISOString()).toBe(createdAt.toISOString());
        expect(viaPrisma.createdAt.toISOString()).toBe(createdAt.toISOString());
        expect(Number(row.total)).toBe(1);
      }
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});

describe.runIf(process.env.TEST_DATABASE !== "postgres")("the embedded database under a burst", () => {
  test("queries take turns with the rest of the server: the event loop runs between them", async () => {
    // PGlite runs queries on this thread; back to back, a burst held the event loop (and new connections) for
    // hundreds of milliseconds.
    let turns = 0;
    let bursting = true;
    const tick = () => {
      if (!bursting) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await Promise.all(
      Array.from({ length: 100 }, (_, index) => readSql(Prisma.sql`SELECT ${index}::int AS n`)),
    );
    bursting = false;
    expect(rows.map(([row]) => (row as { n: number }).n)).toEqual(Array.from({ length: 100 }, (_, index) => index));
    expect(turns).toBeGreaterThanOrEqual(50);
  });
});

describe.runIf(process.env.TEST_DATABASE === "postgres")("a PostgreSQL connection the server ends", () => {
  test("does not end the process, and the next query gets a new connection", async () => {
    const database = await getDatabase();
    // Two connections in the pool, both idle after this.
    await Promise.all([database.sql.query("SELECT pg_sleep(0.05)"), database.sql.query("SELECT pg_sleep(0.05)")]);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const { testDatabaseUrl } = await import("../setup/database");
      const admin = new (await import("pg")).default.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(uncaught).toEqual([]);
      expect(await database.sql.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
