// @both-databases: the audit trail's append lock (pg_advisory_xact_lock) and raw head read in app/modules/audit/audit.server.ts, its append-only trigger, and the access log's copy with hashes computed in SQL (prisma/migrations/20261127080200_audit_events)
// The audit trail (issue 32 item 5, ADR 036-audit): appends make one gapless chain even when many run at once; the
// table refuses UPDATE and DELETE but for erasure; the check names the entry that was changed or removed; the old
// access log's rows arrive chained; the workspace page, its CSV and the API answer owners and admins only.
import { databaseBeforeMigration } from "./database-before";
import { beforeAll, describe, expect, test } from "vitest";
import { auditDetailText } from "~/modules/audit/actions";
import {
  appendAuditEvent,
  eraseAuditPersonalData,
  expireAuditDetails,
  recordAuditOncePer,
} from "~/modules/audit/audit.server";
import { csvCell } from "~/modules/audit/audit-csv.server";
import { entryHash, GENESIS_HASH, personalDigest } from "~/modules/audit/chain.server";
import { verificationReport, verifyAuditChain } from "~/modules/audit/verify.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { renameSpeakerEverywhere, runEditorAction } from "~/modules/transcripts/editor.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { applyMigrations } from "~/modules/platform/migrations.server";
import { personalWorkspaceId, switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});

const TRIGGER = `"AuditEvent_append_only"`;

/** Runs `change` with the append-only trigger off, as someone with the database's owner rights could. */
async function bypassingTheTrigger(change: string) {
  const database = await db();
  await database.$executeRawUnsafe(`ALTER TABLE "AuditEvent" DISABLE TRIGGER ${TRIGGER}`);
  try {
    await database.$executeRawUnsafe(change);
  } finally {
    await database.$executeRawUnsafe(`ALTER TABLE "AuditEvent" ENABLE TRIGGER ${TRIGGER}`);
  }
}

async function chain() {
  return (await db()).auditEvent.findMany({ orderBy: { seq: "asc" } });
}

describe("appending", () => {
  test("each entry carries the hash of the one before, the numbers have no gap, and the check passes", async () => {
    const user = await signedInUser();
    const first = await appendAuditEvent({
      action: "sign-in",
      actorId: user.id,
      ip: "203.0.113.1",
      detail: { method: "password" },
    });
    const second = await appendAuditEvent({
      action: "transcript.viewed",
      actorId: user.id,
      workspaceId: await personalWorkspaceId(user.id),
      target: { kind: "recording", id: "rec_1", label: "Board meeting" },
      userAgent: "AuditTest/1.0",
    });
    expect(second.seq).toBe(first.seq + 1);
    const rows = await chain();
    const [a, b] = rows.slice(-2);
    expect(b.prevHash).toBe(a.hash);
    expect(a.detail).toBe('{"method":"password"}');
    expect(b).toMatchObject({ targetLabel: "Board meeting", userAgent: "AuditTest/1.0", actorId: user.id });
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(rows[0].prevHash).toBe(GENESIS_HASH);
    const result = await verifyAuditChain();
    expect(result).toMatchObject({ intact: true, entries: rows.length });
    expect(verificationReport(result)).toMatch(new RegExp(`^audit log intact: ${rows.length} entries`));
  });

  test("many appends at once keep one valid chain", async () => {
    const user = await signedInUser();
    const before = (await chain()).length;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        appendAuditEvent({ action: "api-key.used", actorId: user.id, detail: { call: index } }),
      ),
    );
    const numbers = results.map((result) => result.seq).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, index) => before + index + 1));
    expect(await verifyAuditChain()).toMatchObject({ intact: true, entries: before + 40 });
  });

  test("once-per: a repeat within the window is not recorded again, another target is", async () => {
    const user = await signedInUser();
    const event = {
      action: "transcript.viewed" as const,
      actorId: user.id,
      target: { kind: "recording" as const, id: "rec_once", label: "Once" },
    };
    await recordAuditOncePer(60_000, event);
    await recordAuditOncePer(60_000, event);
    await recordAuditOncePer(60_000, { ...event, target: { ...event.target, id: "rec_other" } });
    const rows = await (await db()).auditEvent.findMany({ where: { actorId: user.id } });
    expect(rows.map((row) => row.targetId).sort()).toEqual(["rec_once", "rec_other"]);
  });
});

describe("append-only", () => {
  test("UPDATE and DELETE are refused; erasure is the one update allowed, and the chain still checks", async () => {
    const user = await signedInUser();
    const { seq } = await appendAuditEvent({
      action: "sign-in",
      actorId: user.id,
      ip: "198.51.100.4",
      userAgent: "Secret/1.0",
    });
    const database = await db();
    // Straight to the driver, whose error carries the database's message (Prisma's PGlite adapter drops it).
    const { sql } = await getDatabase();
    for (const statement of [
      `UPDATE "AuditEvent" SET "action" = 'plan.changed' WHERE "seq" = ${seq}`,
      `UPDATE "AuditEvent" SET "ipAddress" = '192.0.2.99' WHERE "seq" = ${seq}`,
      `DELETE FROM "AuditEvent" WHERE "seq" = ${seq}`,
      `TRUNCATE "AuditEvent"`,
    ])
      await expect(sql.query(statement), statement).rejects.toThrow(/append-only/);
    await expect(database.auditEvent.update({ where: { seq }, data: { targetLabel: "Rewritten" } })).rejects.toThrow();

    const { email } = await database.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await eraseAuditPersonalData({ userId: user.id, email })).toBeGreaterThanOrEqual(1);
    expect(await database.auditEvent.findUniqueOrThrow({ where: { seq } })).toMatchObject({
      actorId: null,
      ipAddress: null,
      userAgent: null,
      salt: null,
      erasedAt: expect.any(Date),
    });
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
  });

  test("retention (AUDIT_DETAIL_RETENTION_DAYS) erases who, where and what of old entries; the chain still checks", async () => {
    const user = await signedInUser();
    const workspaceId = await personalWorkspaceId(user.id);
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const entry = (daysAgo: number) =>
      appendAuditEvent({
        action: "transcript.viewed",
        actorId: user.id,
        workspaceId,
        ip: "203.0.113.9",
        userAgent: "Retention test",
        target: { kind: "recording", id: `r-${daysAgo}`, label: `Kept ${daysAgo} days` },
        at: new Date(now.getTime() - daysAgo * day),
      });
    const old = await entry(400);
    const recent = await entry(10);

    expect(await expireAuditDetails(now, undefined)).toBe(0); // unset: kept for good
    expect(await expireAuditDetails(now, 365)).toBeGreaterThanOrEqual(1);
    const database = await db();
    expect(await database.auditEvent.findUniqueOrThrow({ where: { seq: old.seq } })).toMatchObject({
      action: "transcript.viewed",
      workspaceId,
      actorId: null,
      ipAddress: null,
      userAgent: null,
      targetLabel: null,
      erasedAt: expect.any(Date),
    });
    expect(await database.auditEvent.findUniqueOrThrow({ where: { seq: recent.seq } })).toMatchObject({
      actorId: user.id,
      ipAddress: "203.0.113.9",
      targetLabel: "Kept 10 days",
      erasedAt: null,
    });
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
  });
});

describe("npm run audit:verify", () => {
  test("names the entry whose personal field was changed, then the one whose chained field was", async () => {
    const user = await signedInUser();
    const { seq } = await appendAuditEvent({
      action: "transcript.exported",
      actorId: user.id,
      target: { kind: "recording", id: "rec_v", label: "Quarterly" },
    });
    await appendAuditEvent({ action: "sign-in", actorId: user.id });
    try {
      await bypassingTheTrigger(`UPDATE "AuditEvent" SET "targetLabel" = 'Harmless' WHERE "seq" = ${seq}`);
      const changed = await verifyAuditChain();
      expect(changed).toMatchObject({ intact: false, seq, problem: "changed" });
      expect(verificationReport(changed)).toBe(
        `audit log broken: entry ${seq} (transcript.exported, ${(await chain()).find((row) => row.seq === seq)!.createdAt.toISOString()}) was changed: its personal fields do not match their digest`,
      );
    } finally {
      await bypassingTheTrigger(`UPDATE "AuditEvent" SET "targetLabel" = 'Quarterly' WHERE "seq" = ${seq}`);
    }
    expect(await verifyAuditChain()).toMatchObject({ intact: true });

    try {
      await bypassingTheTrigger(`UPDATE "AuditEvent" SET "action" = 'sign-in' WHERE "seq" = ${seq}`);
      const changed = await verifyAuditChain();
      expect(changed).toMatchObject({ intact: false, seq, problem: "changed" });
      expect(verificationReport(changed)).toMatch(
        new RegExp(`^audit log broken: entry ${seq} .*its hash does not match`),
      );
    } finally {
      await bypassingTheTrigger(`UPDATE "AuditEvent" SET "action" = 'transcript.exported' WHERE "seq" = ${seq}`);
    }
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
  });

  test("names the entry that was removed", async () => {
    const user = await signedInUser();
    const { seq } = await appendAuditEvent({ action: "recording.deleted", actorId: user.id });
    await appendAuditEvent({ action: "sign-in", actorId: user.id });
    const [row] = await (
      await db()
    ).$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "AuditEvent" WHERE "seq" = ${seq}`);
    try {
      await bypassingTheTrigger(`DELETE FROM "AuditEvent" WHERE "seq" = ${seq}`);
      const removed = await verifyAuditChain();
      expect(removed).toMatchObject({ intact: false, seq, problem: "removed" });
      expect(verificationReport(removed)).toBe(
        `audit log broken: entry ${seq} removed (the sequence jumps from ${seq - 1} to ${seq + 1})`,
      );
    } finally {
      await (await db()).auditEvent.create({ data: row as never });
    }
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
  });
});

describe("the migration", () => {
  const MIGRATION = "20261127080200_audit_events";
  const { database: other, migrationsBefore: before } = databaseBeforeMigration(MIGRATION, "audit");

  test("copies the access log in time order, chained with the hashes the app computes, and drops it", async () => {
    await other().withConnection(async (sql) => {
      await applyMigrations(sql, before);
      await sql.exec(`
        INSERT INTO "User" ("id", "email", "firstName", "lastName", "updatedAt") VALUES
          ('ada', 'ada@example.com', 'Ada', 'L', now()), ('ben', 'ben@example.com', 'Ben', 'K', now());
        INSERT INTO "Workspace" ("id", "name", "kind", "personalOwnerId") VALUES ('ws-ada', 'Personal', 'PERSONAL', 'ada');
        INSERT INTO "AccessLogEntry" ("id", "userId", "action", "detail", "ipAddress", "userAgent", "createdAt") VALUES
          ('e2', 'ada', 'transcript.exported', 'Board — Zürich (PDF)', '203.0.113.5', 'Firefox', '2026-11-01 10:00:00.123'),
          ('e1', 'ada', 'sign-in', 'password', '203.0.113.5', 'Firefox', '2026-11-01 09:00:00'),
          ('e3', 'ben', 'plan.changed', NULL, NULL, NULL, '2026-11-02 08:30:00.5');
      `);
      expect((await applyMigrations(sql)).applied).toContain(MIGRATION);
      const rows = await sql.query<{
        seq: number;
        ms: string;
        actorId: string | null;
        workspaceId: string | null;
        action: string;
        targetKind: string | null;
        targetId: string | null;
        targetLabel: string | null;
        ipAddress: string | null;
        userAgent: string | null;
        detail: string | null;
        salt: string | null;
        personalDigest: string;
        prevHash: string;
        hash: string;
      }>(
        `SELECT "seq", (extract(epoch FROM "createdAt") * 1000)::bigint::text AS "ms", "actorId", "workspaceId",
                "action", "targetKind", "targetId", "targetLabel", "ipAddress", "userAgent", "detail", "salt",
                "personalDigest", "prevHash", "hash"
         FROM "AuditEvent" ORDER BY "seq"`,
      );
      expect(rows.map((row) => [row.seq, row.actorId, row.action, row.workspaceId, row.targetLabel])).toEqual([
        [1, "ada", "sign-in", null, "password"],
        [2, "ada", "transcript.exported", "ws-ada", "Board — Zürich (PDF)"],
        [3, "ben", "plan.changed", null, null],
      ]);
      let prevHash = GENESIS_HASH;
      for (const row of rows) {
        expect(personalDigest(row), `digest of ${row.seq}`).toBe(row.personalDigest);
        expect(row.prevHash).toBe(prevHash);
        const createdAt = new Date(Number(row.ms));
        expect(entryHash(prevHash, { ...row, seq: Number(row.seq), createdAt }), `hash of ${row.seq}`).toBe(row.hash);
        prevHash = row.hash;
      }
      expect(Number(rows[1].ms)).toBe(Date.UTC(2026, 10, 1, 10, 0, 0, 123));
      const [{ exists }] = await sql.query<{ exists: boolean }>(
        `SELECT to_regclass('"AccessLogEntry"') IS NOT NULL AS "exists"`,
      );
      expect(exists).toBe(false);
    });
  });
});

/** A team workspace with one member of each role, and someone outside it. */
async function firm() {
  const [owner, admin, member, viewer, outsider] = await Promise.all([
    signedInUser("BUSINESS_PRO"),
    signedInUser(),
    signedInUser(),
    signedInUser(),
    signedInUser(),
  ]);
  const workspace = await (
    await db()
  ).workspace.create({
    data: {
      name: "Firm",
      kind: "TEAM",
      members: {
        create: [
          { userId: owner.id, role: "OWNER" },
          { userId: admin.id, role: "ADMIN" },
          { userId: member.id, role: "MEMBER" },
          { userId: viewer.id, role: "VIEWER" },
        ],
      },
    },
  });
  return { workspace, owner, admin, member, viewer, outsider };
}

describe("the workspace's log", () => {
  test("the page: owners and admins read it; a member or viewer gets 403 with a sentence, an outsider 404", async () => {
    const { workspace, owner, admin, member, viewer, outsider } = await firm();
    await appendAuditEvent({
      action: "transcript.viewed",
      actorId: member.id,
      workspaceId: workspace.id,
      target: { kind: "recording", id: "rec_firm", label: "Client intake" },
      ip: "192.0.2.10",
    });
    const page = (cookie: string, query = "") =>
      app(`/workspaces/${workspace.id}/audit${query}`, { headers: { Cookie: cookie } });
    for (const reader of [owner, admin]) {
      const response = await page(reader.cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Opened a transcript");
      expect(html).toContain("Client intake");
      expect(html).toContain("192.0.2.10");
    }
    const refused = await page(member.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("does not allow");
    expect((await page(viewer.cookie)).status).toBe(403);
    expect((await page(outsider.cookie)).status).toBe(404);
  });

  test("the page filters by member, action and dates, pages through, and answers a bad filter with 400", async () => {
    const { workspace, owner, member } = await firm();
    const database = await db();
    await appendAuditEvent({
      action: "share-link.created",
      actorId: owner.id,
      workspaceId: workspace.id,
      target: { kind: "share-link", label: "Owner's link" },
    });
    await appendAuditEvent({
      action: "transcript.viewed",
      actorId: member.id,
      workspaceId: workspace.id,
      target: { kind: "recording", label: "Member's view" },
    });
    const page = async (query: string) => {
      const response = await app(`/workspaces/${workspace.id}/audit?${query}`, { headers: { Cookie: owner.cookie } });
      return { status: response.status, html: await response.text() };
    };
    const byMember = await page(`member=${member.id}`);
    expect(byMember.html).toContain("Member&#x27;s view");
    expect(byMember.html).not.toContain("Owner&#x27;s link");
    const byAction = await page("action=share-link.created");
    expect(byAction.html).toContain("Owner&#x27;s link");
    expect(byAction.html).not.toContain("Member&#x27;s view");
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=${today}&to=${today}`)).html).toContain("Member&#x27;s view");
    expect((await page("to=2000-01-01")).html).toContain("No entries match these filters.");
    const bad = await page("from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Give the start date as YYYY-MM-DD.");
    expect((await page("before=99999999999")).status).toBe(400);
    const reversed = await page("from=2026-02-02&to=2026-01-01");
    expect(reversed.status).toBe(400);
    expect(reversed.html).toContain("The start date must be on or before the end date.");

    // 51 more: the first page has 50 and a link to the older ones.
    for (let index = 0; index < 51; index++)
      await appendAuditEvent({ action: "api-key.used", actorId: owner.id, workspaceId: workspace.id });
    const first = await page("action=api-key.used");
    const older = /href="([^"]*before=(\d+)[^"]*)"/.exec(first.html);
    expect(older).not.toBeNull();
    const second = await page(`action=api-key.used&before=${older![2]}`);
    const rows = (html: string) => html.match(/<tr class="border-b border-slate-100/g)?.length ?? 0;
    expect(rows(first.html)).toBe(50);
    expect(rows(second.html)).toBe(1);
    expect(await database.auditEvent.count({ where: { workspaceId: workspace.id, action: "api-key.used" } })).toBe(51);
  });

  test("the CSV: the page's filters, every entry, and cells a spreadsheet would run are neutralised", async () => {
    const { workspace, owner, member, viewer } = await firm();
    await appendAuditEvent({
      action: "recording.renamed",
      actorId: member.id,
      workspaceId: workspace.id,
      target: { kind: "recording", id: "rec_csv", label: '=HYPERLINK("https://evil.example","Click")' },
      ip: "192.0.2.20",
      detail: { from: "-2+3" },
    });
    await appendAuditEvent({ action: "sign-in", actorId: owner.id, workspaceId: workspace.id });
    const csv = await app(`/workspaces/${workspace.id}/audit.csv?member=${member.id}`, {
      headers: { Cookie: owner.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="voxlate-audit-log-/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^sequence,time \(UTC\),actor id,actor,actor email,action,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(lines[1]).toContain("recording.renamed,Renamed a recording");
    expect(lines[1]).toContain("192.0.2.20");
    expect(lines[1]).not.toContain(",=HYPERLINK");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell("plain, text")).toBe('"plain, text"');
    expect(auditDetailText('{"from":"-2+3"}')).toBe("from: -2+3");

    expect((await app(`/workspaces/${workspace.id}/audit.csv`, { headers: { Cookie: viewer.cookie } })).status).toBe(
      403,
    );
    const bad = await app(`/workspaces/${workspace.id}/audit.csv?action=nonsense`, {
      headers: { Cookie: owner.cookie },
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("Choose an action from the list.");
  });

  test("GET /api/v1/workspaces/{id}/audit-events: filters, cursor pages, and the key creator's role decides", async () => {
    const { workspace, owner, member, outsider } = await firm();
    for (let index = 0; index < 3; index++)
      await appendAuditEvent({
        action: "transcript.viewed",
        actorId: member.id,
        workspaceId: workspace.id,
        target: { kind: "recording", id: `rec_${index}`, label: `Matter ${index}` },
        detail: { index },
      });
    await appendAuditEvent({ action: "sign-in", actorId: owner.id, workspaceId: workspace.id });
    // A key acts in the workspace it was made in (ADR 034-workspace): made while the team is the current workspace.
    const keyOf = async (userId: string) => {
      if (userId !== outsider.id) await switchWorkspace(userId, workspace.id);
      return (await createApiKey(userId, "Audit", ["read"])).key;
    };
    const get = async (key: string, query = "") =>
      app(`/api/v1/workspaces/${workspace.id}/audit-events${query}`, { headers: { Authorization: `Bearer ${key}` } });

    const ownerKey = await keyOf(owner.id);
    const first = await get(ownerKey, "?action=transcript.viewed&limit=2");
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as {
      data: { target: { label: string }; detail: unknown; actorId: string }[];
      nextCursor: string;
    };
    expect(page1.data.map((event) => event.target.label)).toEqual(["Matter 2", "Matter 1"]);
    expect(page1.data[0]).toMatchObject({
      actorId: member.id,
      detail: { index: 2 },
      description: "Opened a transcript",
    });
    const page2 = (await (
      await get(ownerKey, `?action=transcript.viewed&limit=2&cursor=${page1.nextCursor}`)
    ).json()) as {
      data: { target: { label: string } }[];
      nextCursor: string | null;
    };
    expect(page2.data.map((event) => event.target.label)).toEqual(["Matter 0"]);
    expect(page2.nextCursor).toBeNull();
    const all = (await (await get(ownerKey)).json()) as { data: { action: string }[] };
    expect(all.data.map((event) => event.action)).toContain("sign-in");

    const refused = await get(await keyOf(member.id));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Content-Type")).toMatch(/problem\+json/);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/does not allow/);
    expect((await get(await keyOf(outsider.id))).status).toBe(404);
    const invalid = await get(ownerKey, "?from=01-01-2026");
    expect(invalid.status).toBe(422);
    expect((await get(ownerKey, "?cursor=9999999999")).status).toBe(422);

    const document = (await (await app("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(
      ["/workspaces/{workspaceId}/audit-events", "get", "operationId"],
      "listAuditEvents",
    );
  });
});

describe("what is recorded", () => {
  async function recordingOf(userId: string, title: string) {
    return (await db()).recording.create({
      data: {
        userId,
        workspaceId: await personalWorkspaceId(userId),
        title,
        fileName: "a.mp3",
        storageKey: `recordings/${userId}/${title}.mp3`,
        sizeBytes: 1,
        mimeType: "audio/mpeg",
        durationSeconds: 8,
        status: "COMPLETED",
        transcriptLanguage: "en",
        completedAt: new Date(),
        segments: { create: [{ position: 0, start: 0, end: 8, text: "Privileged words", speaker: "Speaker 1" }] },
      },
    });
  }

  test("failed sign-ins: against the account when the address has one, else against the address", async () => {
    const user = await signedInUser();
    const database = await db();
    const { email } = await database.user.findUniqueOrThrow({ where: { id: user.id } });
    const signIn = (address: string) =>
      app(
        "/signin",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Guesser/2.0" },
          body: new URLSearchParams({ email: address, password: "wrong-password" }),
        },
        { clientIp: "198.51.100.66" },
      );
    expect((await signIn(email)).status).toBe(401);
    expect((await signIn("nobody-here@example.com")).status).toBe(401);
    const failures = await database.auditEvent.findMany({
      where: { action: "sign-in.failed" },
      orderBy: { seq: "asc" },
    });
    expect(failures.slice(-2)).toEqual([
      expect.objectContaining({
        actorId: null,
        targetId: user.id,
        ipAddress: "198.51.100.66",
        userAgent: "Guesser/2.0",
      }),
      expect.objectContaining({ actorId: null, targetId: null, targetLabel: "nobody-here@example.com" }),
    ]);
    // The account's owner sees the failure in their access log.
    const page = await (await app("/data-privacy", { headers: { Cookie: user.cookie } })).text();
    expect(page).toContain("Failed sign-in");
    expect(page).toContain("198.51.100.66");
  });

  test("a transcript's view (once per person in the window), a rename, an export and a share link's life", async () => {
    const user = await signedInUser();
    const recording = await recordingOf(user.id, "Deposition");
    const headers = { Cookie: user.cookie, "User-Agent": "Reader/1.0" };
    for (let look = 0; look < 2; look++)
      expect((await app(`/transcription/${recording.id}`, { headers }, { clientIp: "203.0.113.77" })).status).toBe(200);
    const form = (body: Record<string, string>) => ({
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body),
    });
    expect(
      (await app(`/transcription/${recording.id}`, form({ intent: "rename", title: "Deposition (final)" }))).status,
    ).toBe(303);
    expect((await app(`/transcription/${recording.id}/export?format=txt`, { headers })).status).toBe(200);
    const created = await app(`/transcription/${recording.id}/share`, form({ intent: "create", expiry: "7d" }));
    expect(created.status).toBe(201);
    const url = /value="(http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{22})"/.exec(await created.text())![1];
    const token = url.split("/s/")[1];
    const link = await (await db()).shareLink.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect((await app(`/s/${token}`, {}, { clientIp: "192.0.2.200" })).status).toBe(200);
    expect(
      (await app(`/transcription/${recording.id}/share`, form({ intent: "revoke", linkId: link.id }))).status,
    ).toBe(303);

    const events = await (
      await db()
    ).auditEvent.findMany({ where: { workspaceId: recording.workspaceId }, orderBy: { seq: "asc" } });
    expect(events.map((event) => event.action)).toEqual([
      "transcript.viewed",
      "recording.renamed",
      "transcript.exported",
      "share-link.created",
      "share-link.viewed",
      "share-link.revoked",
    ]);
    expect(events[0]).toMatchObject({
      actorId: user.id,
      targetId: recording.id,
      ipAddress: "203.0.113.77",
      userAgent: "Reader/1.0",
    });
    expect(events[1]).toMatchObject({ targetLabel: "Deposition (final)", detail: '{"from":"Deposition"}' });
    expect(events[2].detail).toBe('{"format":"txt"}');
    expect(events[4]).toMatchObject({ actorId: null, targetId: link.id, ipAddress: "192.0.2.200" });
    // Never the transcript's words.
    expect(JSON.stringify(events)).not.toContain("Privileged words");
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
  });

  test("edits: once per person and transcript in the window; a speaker's rename each time", async () => {
    const user = await signedInUser();
    const recording = await recordingOf(user.id, "Hearing");
    const [segment] = await (await db()).transcriptSegment.findMany({ where: { recordingId: recording.id } });
    const source = { ip: "203.0.113.8", userAgent: "Editor/1.0" };
    for (const text of ["Privileged words, edited", "Privileged words, edited twice"])
      await runEditorAction(user.id, recording.id, { intent: "edit-segment", segmentId: segment.id, text }, source);
    await renameSpeakerEverywhere(user.id, recording.id, "Speaker 1", "Counsel", { source });
    const events = await (
      await db()
    ).auditEvent.findMany({ where: { targetId: recording.id }, orderBy: { seq: "asc" } });
    expect(events.map((event) => [event.action, event.detail])).toEqual([
      ["transcript.edited", null],
      ["speaker.renamed", '{"from":"Speaker 1","to":"Counsel"}'],
    ]);
    expect(events[0]).toMatchObject({ actorId: user.id, ipAddress: "203.0.113.8", targetLabel: "Hearing" });
  });
});
