// @both-databases: the workspaces migration (prisma/migrations/20261127053437_workspaces: gen_random_uuid, UPDATE … FROM) on rows written before it, and the unique violation personalWorkspace in app/modules/workspaces/workspaces.server.ts retries on
// Workspaces, part 1 of issue 32 (ADR 033-workspaces): the migration gives every existing account a personal
// workspace and moves its rows there, new rows of every kind land in the creator's personal workspace, and two
// requests asking for it at once make one.
import { databaseBeforeMigration } from "./database-before";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { applyMigrations } from "~/modules/platform/migrations.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { addTag, createFolder } from "~/modules/library/library.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { saveVoiceToLibrary } from "~/modules/speakers/speakers.server";
import { createWebhookEndpoint } from "~/modules/webhooks/webhooks.server";
import { personalWorkspace, personalWorkspaceId, requireWorkspaceAction } from "~/modules/workspaces/workspaces.server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

const MIGRATION = "20261127053437_workspaces";
const KINDS = ["Recording", "Folder", "Tag", "SpeakerProfile", "ShareLink", "ApiKey", "WebhookEndpoint"] as const;

describe("the migration", () => {
  const { database: other, migrationsBefore: before } = databaseBeforeMigration(MIGRATION, "backfill");

  test("gives every existing account a personal workspace it owns and moves every row of every kind there", async () => {
    await other().withConnection(async (sql) => {
      await applyMigrations(sql, before);
      // Two accounts with data, one without: as a database that predates workspaces holds them.
      await sql.exec(`
        INSERT INTO "User" ("id", "email", "firstName", "lastName", "updatedAt", "glossary") VALUES
          ('ada', 'ada@example.com', 'Ada', 'L', now(), ARRAY['Okafor', 'LLP']),
          ('ben', 'ben@example.com', 'Ben', 'K', now(), ARRAY[]::TEXT[]),
          ('cy', 'cy@example.com', 'Cy', 'N', now(), ARRAY[]::TEXT[]);
        INSERT INTO "Recording" ("id", "userId", "title", "fileName", "storageKey", "sizeBytes", "mimeType",
            "durationSeconds", "updatedAt") VALUES
          ('rec-ada', 'ada', 'Board', 'b.wav', 'k/ada', 1, 'audio/wav', 1, now()),
          ('rec-ben', 'ben', 'Call', 'c.wav', 'k/ben', 1, 'audio/wav', 1, now());
        INSERT INTO "Folder" ("id", "userId", "name", "updatedAt") VALUES ('folder-ada', 'ada', 'Clients', now());
        INSERT INTO "Tag" ("id", "userId", "name") VALUES ('tag-ada', 'ada', 'urgent');
        INSERT INTO "SpeakerProfile" ("id", "userId", "name", "frames", "sum", "outer", "updatedAt")
          VALUES ('voice-ada', 'ada', 'Dr. Ruiz', 0, '{}', '{}', now());
        INSERT INTO "ShareLink" ("id", "recordingId", "userId", "tokenHash", "tokenPrefix")
          VALUES ('link-ada', 'rec-ada', 'ada', 'hash', 'abcdef');
        INSERT INTO "ApiKey" ("id", "userId", "name", "prefix", "hash", "scopes")
          VALUES ('key-ben', 'ben', 'CI', 'vxk_', 'hash', '{read}');
        INSERT INTO "WebhookEndpoint" ("id", "userId", "url", "events", "secret")
          VALUES ('hook-ben', 'ben', 'https://example.com/hook', '{summary.completed}', 'whsec_x');
      `);
      const result = await applyMigrations(sql);
      expect(result.applied).toContain(MIGRATION);

      const workspaces = await sql.query<{ id: string; kind: string; name: string; personalOwnerId: string }>(
        `SELECT "id", "kind"::text AS "kind", "name", "personalOwnerId" FROM "Workspace" ORDER BY "personalOwnerId"`,
      );
      expect(workspaces.map((w) => [w.personalOwnerId, w.kind, w.name])).toEqual([
        ["ada", "PERSONAL", "Personal"],
        ["ben", "PERSONAL", "Personal"],
        ["cy", "PERSONAL", "Personal"],
      ]);
      // The glossary moved from the account to its personal workspace (20261127085355_workspace_glossary).
      const glossaries = await sql.query<{ personalOwnerId: string; glossary: string[] }>(
        `SELECT "personalOwnerId", "glossary" FROM "Workspace" ORDER BY "personalOwnerId"`,
      );
      expect(glossaries).toEqual([
        { personalOwnerId: "ada", glossary: ["Okafor", "LLP"] },
        { personalOwnerId: "ben", glossary: [] },
        { personalOwnerId: "cy", glossary: [] },
      ]);
      const members = await sql.query<{ workspaceId: string; userId: string; role: string }>(
        `SELECT "workspaceId", "userId", "role"::text AS "role" FROM "WorkspaceMember" ORDER BY "userId"`,
      );
      expect(members).toEqual(workspaces.map((w) => ({ workspaceId: w.id, userId: w.personalOwnerId, role: "OWNER" })));

      const personal = Object.fromEntries(workspaces.map((w) => [w.personalOwnerId, w.id]));
      for (const kind of KINDS) {
        const rows = await sql.query<{ userId: string; workspaceId: string }>(
          `SELECT "userId", "workspaceId" FROM "${kind}"`,
        );
        expect(rows.length, kind).toBeGreaterThan(0);
        for (const row of rows) expect(row.workspaceId, kind).toBe(personal[row.userId]);
        const [{ nullable }] = await sql.query<{ nullable: string }>(
          `SELECT is_nullable AS "nullable" FROM information_schema.columns
           WHERE table_name = '${kind}' AND column_name = 'workspaceId'`,
        );
        expect(nullable, kind).toBe("NO");
      }

      // The personal workspace goes with its account, and every row in it.
      await sql.exec(`DELETE FROM "User" WHERE "id" = 'ada'`);
      expect(await sql.query(`SELECT 1 FROM "Workspace" WHERE "id" = '${personal.ada}'`)).toEqual([]);
      expect(await sql.query(`SELECT 1 FROM "Folder" WHERE "workspaceId" = '${personal.ada}'`)).toEqual([]);
    });
  });
});

describe("the personal workspace", () => {
  let app: Awaited<ReturnType<typeof appHandler>>;
  beforeAll(async () => {
    app = await appHandler();
    await startJobs(await getDatabase(), { work: false });
  });
  afterAll(() => stopJobs());

  test("is made on first use, once, even when two requests ask at the same moment", async () => {
    const user = await signedInUser();
    const database = await db();
    expect(await database.workspace.count({ where: { personalOwnerId: user.id } })).toBe(0);
    const [first, second] = await Promise.all([personalWorkspace(user.id), personalWorkspace(user.id)]);
    expect(second.id).toBe(first.id);
    expect(await personalWorkspace(user.id)).toEqual(first);
    expect(await database.workspace.findMany({ where: { personalOwnerId: user.id } })).toEqual([
      expect.objectContaining({ id: first.id, kind: "PERSONAL", name: "Personal" }),
    ]);
    expect(await database.workspaceMember.findMany({ where: { userId: user.id } })).toEqual([
      expect.objectContaining({ workspaceId: first.id, role: "OWNER" }),
    ]);
  });

  test("holds what its owner makes: upload, folder, tag, voice, share link, API key, webhook", async () => {
    vi.stubEnv("OUTBOUND_ALLOW_LOOPBACK", "1");
    const user = await signedInUser("BUSINESS_PRO");
    const database = await db();

    const form = new FormData();
    const audio = sharedFile("testdata/audio", "jfk.wav");
    form.set("file", new Blob([fs.readFileSync(audio)]), "jfk.wav");
    const uploaded = await app("/api/recordings", { method: "POST", body: form, headers: { Cookie: user.cookie } });
    expect(uploaded.status).toBe(201);
    const { recording } = (await uploaded.json()) as { recording: { id: string } };

    const workspaceId = await personalWorkspaceId(user.id);
    const finished = await database.recording.create({
      data: {
        userId: user.id,
        workspaceId,
        title: "Finished",
        fileName: "f.wav",
        storageKey: `recordings/${user.id}/f.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 20,
        status: "COMPLETED",
        completedAt: new Date(),
        segments: { create: [{ position: 0, start: 0, end: 10, text: "Good morning.", speaker: "Speaker 1" }] },
      },
    });
    await database.speakerVoice.create({
      data: {
        recordingId: finished.id,
        label: "Speaker 1",
        originalLabel: "Speaker 1",
        frames: 900,
        sum: Array(13).fill(1),
        outer: Array(169).fill(1),
      },
    });

    const folder = await createFolder(user.id, "Clients");
    await addTag(user.id, [finished.id], "urgent");
    await saveVoiceToLibrary(user.id, finished.id, "Speaker 1");
    await createShareLink(user.id, finished.id, { expiry: "never" });
    const key = await createApiKey(user.id, "CI", ["read"]);
    const hook = await createWebhookEndpoint(user.id, "http://127.0.0.1:9/hook", ["summary.completed"]);

    const where = { userId: user.id };
    const inWorkspace = (rows: { workspaceId: string }[]) => rows.map((row) => row.workspaceId);
    expect((await database.recording.findUniqueOrThrow({ where: { id: recording.id } })).workspaceId).toBe(workspaceId);
    expect((await database.folder.findUniqueOrThrow({ where: { id: folder.id } })).workspaceId).toBe(workspaceId);
    expect(inWorkspace(await database.tag.findMany({ where }))).toEqual([workspaceId]);
    expect(inWorkspace(await database.speakerProfile.findMany({ where }))).toEqual([workspaceId]);
    expect(inWorkspace(await database.shareLink.findMany({ where }))).toEqual([workspaceId]);
    expect((await database.apiKey.findUniqueOrThrow({ where: { id: key.id } })).workspaceId).toBe(workspaceId);
    expect((await database.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).workspaceId).toBe(
      workspaceId,
    );
    expect(await database.workspace.count({ where: { personalOwnerId: user.id } })).toBe(1);
  });

  test("the policy check: 404 to a stranger, 403 with a sentence to a role that may not", async () => {
    const owner = await signedInUser();
    const viewer = await signedInUser();
    const stranger = await signedInUser();
    const workspaceId = await personalWorkspaceId(owner.id);
    await (await db()).workspaceMember.create({ data: { workspaceId, userId: viewer.id, role: "VIEWER" } });

    expect(await requireWorkspaceAction(owner.id, workspaceId, "delete-workspace")).toBe("OWNER");
    expect(await requireWorkspaceAction(viewer.id, workspaceId, "export")).toBe("VIEWER");
    await expect(requireWorkspaceAction(viewer.id, workspaceId, "delete")).rejects.toMatchObject({
      status: 403,
      message: "Your role in this workspace (viewer) does not allow deleting recordings.",
    });
    await expect(requireWorkspaceAction(stranger.id, workspaceId, "view")).rejects.toMatchObject({
      status: 404,
      message: "Workspace not found.",
    });
  });
});
