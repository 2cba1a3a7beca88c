// `npm run audit:verify` as an operator runs it (ADR 036-audit): on an embedded database in a fresh data dir, it
// reports the chain intact and exits 0; after a row is changed behind the trigger's back, it names that entry and
// exits 1.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, test } from "vitest";
import { appendAuditEvent } from "~/modules/audit/audit.server";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { tsxCommand } from "../tests/cli-command";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-audit-verify-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function verify(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(...tsxCommand("scripts/audit-verify.ts"), {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

test("intact: the count and the head, exit 0; a changed row: its number and what changed, exit 1", async () => {
  const database = await connectDatabase({ role: "cli", dataDir });
  for (const action of ["sign-in", "transcript.viewed", "transcript.exported"] as const)
    await appendAuditEvent({ action, actorId: "user_1", target: { kind: "recording", id: "rec_1", label: "Board" } });
  await disconnectDatabase();

  const intact = await verify();
  expect(intact.code).toBe(0);
  expect(intact.output).toMatch(/^audit log intact: 3 entries \(head 3: [0-9a-f]{64}\)$/m);

  const again = await connectDatabase({ role: "cli", dataDir });
  expect(again).not.toBe(database);
  await again.sql.exec(`
    ALTER TABLE "AuditEvent" DISABLE TRIGGER "AuditEvent_append_only";
    UPDATE "AuditEvent" SET "targetLabel" = 'Someone else''s board' WHERE "seq" = 2;
    ALTER TABLE "AuditEvent" ENABLE TRIGGER "AuditEvent_append_only";
  `);
  await disconnectDatabase();

  const broken = await verify();
  expect(broken.code).toBe(1);
  expect(broken.output).toMatch(
    /^audit log broken: entry 2 \(transcript\.viewed, [\d-]+T[\d:.]+Z\) was changed: its personal fields do not match their digest$/m,
  );
}, 120_000);
