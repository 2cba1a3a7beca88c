import { expect, test } from "vitest";
import { cliAdapter } from "./cli-adapter";

test("a migration script without parameters runs whole, through executeRaw as the schema engine sends it", async () => {
  const shadow = await cliAdapter().connectToShadowDb();
  const script = `CREATE TABLE "A" ("id" TEXT PRIMARY KEY);\nCREATE TABLE "B" ("id" TEXT PRIMARY KEY);`;
  await shadow.executeRaw({ sql: script, args: [], argTypes: [] });
  const result = await shadow.queryRaw({
    sql: `SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('A', 'B')`,
    args: [],
    argTypes: [],
  });
  expect(result.rows).toEqual([[2]]);
});

test("executeScript reports SQL errors instead of swallowing them", async () => {
  const main = await cliAdapter().connect();
  await expect(main.executeScript(`SELECT 1; SELECT * FROM "Missing";`)).rejects.toThrow(/Missing/);
});
