// The rule of tests/both-databases.ts, checked: the integration files that run on PostgreSQL as well as PGlite are the
// ones that test what the two could do differently.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { bothDatabasesReason, filesForBothDatabases, integrationFiles } from "./both-databases";

// Prisma's raw queries, the driver's own (migrations, rate limits, in-flight counts) and SQL sent through the job queue.
const HAND_WRITTEN_SQL = /\$(queryRaw|executeRaw)(Unsafe)?\b|\b(sql|pool|pglite)\.query\(|\bexecuteSql\(/;

const appFilesWithSql = fs
  .readdirSync("app", { recursive: true, encoding: "utf8" })
  .map((file) => path.posix.join("app", file.split(path.sep).join("/")))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith("app/generated/"))
  .filter((file) => HAND_WRITTEN_SQL.test(fs.readFileSync(file, "utf8")))
  .sort();

// SQL that is the same on every database by definition.
const PORTABLE = new Map([["app/modules/engines/doctor.server.ts", "the health check's SELECT 1"]]);

test("every app file with hand-written SQL is tested on both databases, by a file that names it", () => {
  expect(appFilesWithSql.length).toBeGreaterThan(0);
  const reasons = filesForBothDatabases().map((file) => bothDatabasesReason(file)!);
  const untested = appFilesWithSql.filter(
    (appFile) => !PORTABLE.has(appFile) && !reasons.some((reason) => reason.includes(appFile)),
  );
  expect(untested, "name each in a `// @both-databases: …` line of the integration file that tests it").toEqual([]);
});

test("a test file that asks which database it runs on runs on both, unless its name ties it to one", () => {
  const unmarked = integrationFiles().filter(
    (file) =>
      !/\/(embedded|server)-[^/]+$/.test(file) &&
      /TEST_DATABASE/.test(fs.readFileSync(file, "utf8")) &&
      bothDatabasesReason(file) === undefined,
  );
  expect(unmarked).toEqual([]);
});

test("each reason says what differs and names files that exist", () => {
  for (const file of filesForBothDatabases()) {
    const reason = bothDatabasesReason(file)!;
    expect(reason.split(/\s+/).length, `${file}: a reason in words`).toBeGreaterThanOrEqual(4);
    for (const named of reason.match(/\bapp\/[\w./-]+\.ts\b/g) ?? []) {
      expect(fs.existsSync(named), `${file} names ${named}`).toBe(true);
    }
  }
});
