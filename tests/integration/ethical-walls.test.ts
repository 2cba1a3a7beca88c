// @both-databases: the ethical walls in SQL, app/modules/workspaces/access.server.ts, in the library's list and facets
// Ethical walls and workspace roles (issue 32 items 1-3, ADR 034-workspace), through the production request handler on
// a real database: a team workspace with a restricted folder ("the matter"), and for a walled admin and a walled member
// every path answers as if its recording did not exist, while the owner and the named member reach it (so each check
// can fail). Also: the current workspace and its switch, roles (viewer 403, outsider 404), share links at use time, and
// an API key whose creator left its workspace.
import crypto from "node:crypto";
import fs from "node:fs";
import { beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { hashApiKey } from "~/modules/developers/api-keys.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { setFolderAccess } from "~/modules/library/library.server";
import { EXPORT_FORMATS } from "~/services/export/types";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { sharedFile } from "../shared-files";

let app: Awaited<ReturnType<typeof appHandler>>;
type User = Awaited<ReturnType<typeof signedInUser>>;
type Role = "OWNER" | "ADMIN" | "MEMBER" | "REVIEWER" | "VIEWER";

const WALLED_TITLE = "Acme v Globex privileged strategy";
const WALLED_WORD = "xylophonic"; // only in the walled transcript
const WALLED_TAG = "globex-matter";
const WALL_NAME = "Globex matter";

let owner: User, admin: User, member: User, named: User, viewer: User, outsider: User;
let workspaceId: string;
let wallId: string;
let walled: { id: string };
let open: { id: string };

async function recordingIn(userId: string, title: string, text: string, folderId: string | null = null) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId,
      title,
      fileName: `${title}.wav`,
      storageKey: `recordings/${userId}/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 4,
      status: "COMPLETED",
      language: "en",
      transcriptLanguage: "en",
      completedAt: new Date(),
      folderId,
      segments: { create: [{ position: 0, start: 0, end: 4, text, speaker: "Speaker 1" }] },
    },
  });
}

/** An API key of `user` in the team workspace, made as the account page makes one (only its hash is stored). */
async function apiKeyOf(user: User) {
  const key = `vxk_${crypto.randomBytes(32).toString("base64url")}`;
  await (
    await db()
  ).apiKey.create({
    data: {
      userId: user.id,
      workspaceId,
      name: "walls",
      prefix: key.slice(0, 12),
      hash: hashApiKey(key),
      scopes: ["read", "write"],
    },
  });
  return key;
}

beforeAll(async () => {
  app = await appHandler();
  [owner, admin, member, named, viewer, outsider] = await Promise.all(
    Array.from({ length: 6 }, () => signedInUser("BUSINESS_PRO")),
  );
  const database = await db();
  const roles: [User, Role][] = [
    [owner, "OWNER"],
    [admin, "ADMIN"],
    [member, "MEMBER"],
    [named, "MEMBER"],
    [viewer, "VIEWER"],
  ];
  const workspace = await database.workspace.create({
    data: {
      name: "Firm LLP",
      kind: "TEAM",
      members: { create: roles.map(([user, role]) => ({ userId: user.id, role })) },
    },
  });
  workspaceId = workspace.id;
  // Everyone but the outsider works in the firm's workspace.
  await database.user.updateMany({
    where: { id: { in: roles.map(([user]) => user.id) } },
    data: { currentWorkspaceId: workspaceId },
  });
  const wall = await database.folder.create({ data: { userId: owner.id, workspaceId, name: WALL_NAME } });
  wallId = wall.id;
  // The wall goes up through the domain, as the Access form and the API put it up.
  await setFolderAccess(owner.id, wallId, { restricted: true, memberIds: [owner.id, named.id] });
  walled = await recordingIn(named.id, WALLED_TITLE, `The ${WALLED_WORD} plan for the hearing.`, wallId);
  open = await recordingIn(member.id, "Open all-hands", "Welcome everyone to the all-hands.");
  const tag = await database.tag.create({ data: { userId: named.id, workspaceId, name: WALLED_TAG } });
  await database.recordingTag.create({ data: { recordingId: walled.id, tagId: tag.id } });
});

const get = (user: User, path: string) => app(path, { headers: { Cookie: user.cookie } });
const post = (user: User, path: string, fields: [string, string][] | Record<string, string>) =>
  app(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the wall", () => {
  test("the owner and the named member reach the walled recording (the control: each path can fail)", async () => {
    for (const user of [owner, named]) {
      expect((await get(user, `/transcription/${walled.id}`)).status).toBe(200);
      expect((await get(user, `/transcription/${walled.id}/export?format=txt`)).status).toBe(200);
      const library = await text(await get(user, `/recordings?q=${WALLED_WORD}`));
      expect(library).toContain(WALLED_TITLE);
      expect(library).toContain(WALL_NAME);
    }
  });

  for (const who of ["admin", "member"] as const) {
    describe(`a walled ${who}`, () => {
      const user = () => (who === "admin" ? admin : member);

      test("the page, its audio, its share page, its status and every export format are 404s", async () => {
        const paths = [
          `/transcription/${walled.id}`,
          `/transcription/${walled.id}/audio`,
          `/transcription/${walled.id}/share`,
          `/api/recordings/${walled.id}`,
          ...EXPORT_FORMATS.map((format) => `/transcription/${walled.id}/export?format=${format}`),
        ];
        for (const path of paths) {
          const response = await get(user(), path);
          expect(response.status, path).toBe(404);
          expect(await text(response), path).not.toContain(WALLED_TITLE);
        }
        // The open recording beside it is reachable: the 404s are the wall's, not the workspace's.
        expect((await get(user(), `/transcription/${open.id}`)).status).toBe(200);
      });

      test("the ZIP export, share-link creation, comments, translation, summary and edits are 404s", async () => {
        const zip = await post(user(), "/recordings/export", [
          ["ids", walled.id],
          ["format", "txt"],
        ]);
        expect(zip.status).toBe(404);
        const segment = await (await db()).transcriptSegment.findFirstOrThrow({ where: { recordingId: walled.id } });
        const forms: [string, Record<string, string>][] = [
          [`/transcription/${walled.id}/share`, { intent: "create", expiry: "7d" }],
          [`/transcription/${walled.id}`, { intent: "add-comment", segmentId: segment.id, body: "Seen it" }],
          [`/transcription/${walled.id}`, { intent: "translate", target: "es" }],
          [`/transcription/${walled.id}`, { intent: "summarise" }],
          [`/transcription/${walled.id}`, { intent: "rename", title: "Renamed" }],
          [`/transcription/${walled.id}`, { intent: "delete" }],
          [`/transcription/${walled.id}/retranslate`, { language: "es" }],
        ];
        for (const [path, fields] of forms) {
          const response = await post(user(), path, fields);
          expect(response.status, `${path} ${fields.intent ?? ""}`).toBe(404);
        }
        const database = await db();
        expect(await database.shareLink.count({ where: { recordingId: walled.id, userId: user().id } })).toBe(0);
        expect(await database.transcriptComment.count({ where: { recordingId: walled.id } })).toBe(0);
        expect((await database.recording.findUniqueOrThrow({ where: { id: walled.id } })).title).toBe(WALLED_TITLE);
      });

      test("library search, counts, folder list, tag suggestions and the folder filter leak nothing", async () => {
        const page = await text(await get(user(), "/recordings"));
        // An admin (manage-policy) is shown the wall's name as a link to its Access page, and nothing else of it.
        const walls = /<nav aria-label="Restricted folders you are not named in".*?<\/nav>/s;
        expect(walls.test(page)).toBe(who === "admin");
        const all = page.replace(walls, "");
        expect(all).toContain("Open all-hands");
        const secrets = who === "admin" ? [WALLED_TITLE, WALLED_TAG] : [WALLED_TITLE, WALL_NAME, WALLED_TAG];
        for (const secret of secrets) expect(all.includes(secret), secret).toBe(false);
        // One recording in the workspace that they may see: the count says one, not two.
        expect(all).toMatch(/>1 recording</);
        const searched = await text(await get(user(), `/recordings?q=${WALLED_WORD}`));
        expect(searched.includes(WALLED_TITLE)).toBe(false);
        // (The search words themselves come back in the form; the passage and the title must not.)
        expect(searched.includes("hearing")).toBe(false);
        expect((await get(user(), `/recordings?folder=${wallId}`)).status).toBe(404);
        expect((await get(user(), `/recordings?tag=${WALLED_TAG}`)).status).toBe(200);
        expect(await text(await get(user(), `/recordings?tag=${WALLED_TAG}`))).not.toContain(WALLED_TITLE);
        const dashboard = await text(await get(user(), "/dashboard"));
        expect(dashboard).not.toContain(WALLED_TITLE);
        // Moving a recording into the walled folder, or renaming it, is refused as if the folder did not exist.
        const move = await post(user(), "/recordings", [
          ["intent", "move"],
          ["ids", open.id],
          ["folderId", wallId],
        ]);
        expect(move.status).toBe(404);
        const rename = await post(user(), "/recordings", { intent: "rename-folder", folderId: wallId, name: "Mine" });
        expect(rename.status).toBe(404);
      });

      test("/api/v1 get, list, search, export, translation and summary answer as if it did not exist", async () => {
        const key = await apiKeyOf(user());
        const auth = { Authorization: `Bearer ${key}` };
        const one = await app(`/api/v1/recordings/${walled.id}`, { headers: auth });
        expect(one.status).toBe(404);
        const list = (await (await app("/api/v1/recordings", { headers: auth })).json()) as {
          data: { id: string }[];
          total: number;
        };
        expect(list.data.map((row) => row.id)).toEqual([open.id]);
        expect(list.total).toBe(1);
        const search = (await (await app(`/api/v1/recordings?q=${WALLED_WORD}`, { headers: auth })).json()) as {
          total: number;
        };
        expect(search.total).toBe(0);
        expect((await app(`/api/v1/recordings/${walled.id}/export?format=txt`, { headers: auth })).status).toBe(404);
        const json = { ...auth, "Content-Type": "application/json" };
        const translation = await app(`/api/v1/recordings/${walled.id}/translations`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ language: "es" }),
        });
        expect(translation.status).toBe(404);
        const summary = await app(`/api/v1/recordings/${walled.id}/summary`, { method: "POST", headers: auth });
        expect(summary.status).toBe(404);
        const removed = await app(`/api/v1/recordings/${walled.id}`, { method: "DELETE", headers: auth });
        expect(removed.status).toBe(404);
      });
    });
  }

  test("a walled member cannot see or change the wall; an admin manages it without seeing its recordings", async () => {
    expect((await get(member, `/recordings/folders/${wallId}/access`)).status).toBe(404);
    const page = await get(admin, `/recordings/folders/${wallId}/access`);
    expect(page.status).toBe(200);
    // Raising the wall is on the workspace's audit trail: who, which folder, how many named.
    const raised = await (
      await db()
    ).auditEvent.findFirst({
      where: { action: "policy.changed", targetId: wallId },
      select: { actorId: true, detail: true },
    });
    expect(raised).toEqual({ actorId: owner.id, detail: '{"named":2,"restricted":true}' });
    const html = await text(page);
    expect(html).toContain(WALL_NAME);
    expect(html).not.toContain(WALLED_TITLE);
    // The admin's library names the wall only as a link to its Access page.
    const library = await text(await get(admin, "/recordings"));
    expect(library).toContain(`/recordings/folders/${wallId}/access`);
    // And through the API, with the same answer.
    const adminKey = await apiKeyOf(admin);
    const access = await app(`/api/v1/folders/${wallId}/access`, { headers: { Authorization: `Bearer ${adminKey}` } });
    expect(access.status).toBe(200);
    const body = (await access.json()) as {
      folder: { restricted: boolean };
      members: { userId: string; named: boolean }[];
    };
    expect(body.folder.restricted).toBe(true);
    expect(
      body.members
        .filter((row) => row.named)
        .map((row) => row.userId)
        .sort(),
    ).toEqual([owner.id, named.id].sort());
    const memberKey = await apiKeyOf(member);
    const refused = await app(`/api/v1/folders/${wallId}/access`, {
      headers: { Authorization: `Bearer ${memberKey}` },
    });
    expect(refused.status).toBe(404);
  });

  test("a share link works only while its creator may still share the recording", async () => {
    const link = await createShareLink(named.id, walled.id, { expiry: "never" });
    const { token } = link;
    expect((await app(`/s/${token}`)).status).toBe(200);
    // The wall stops naming its creator: the link stops working, as if it never existed.
    await setFolderAccess(owner.id, wallId, { restricted: true, memberIds: [owner.id] });
    try {
      expect((await app(`/s/${token}`)).status).toBe(404);
      expect((await app(`/s/${token}/export?format=txt`)).status).toBe(404);
    } finally {
      await setFolderAccess(owner.id, wallId, { restricted: true, memberIds: [owner.id, named.id] });
    }
    expect((await app(`/s/${token}`)).status).toBe(200);
  });

  test("the Access form works without JavaScript: an admin names themselves, and then reaches the matter", async () => {
    const form = await post(admin, `/recordings/folders/${wallId}/access`, [
      ["restricted", "on"],
      ["memberIds", owner.id],
      ["memberIds", named.id],
      ["memberIds", admin.id],
    ]);
    expect(form.status).toBe(303);
    try {
      expect((await get(admin, `/transcription/${walled.id}`)).status).toBe(200);
      // A stranger's id cannot be named.
      const stranger = await post(admin, `/recordings/folders/${wallId}/access`, [
        ["restricted", "on"],
        ["memberIds", outsider.id],
      ]);
      expect(stranger.status).toBe(400);
    } finally {
      await setFolderAccess(owner.id, wallId, { restricted: true, memberIds: [owner.id, named.id] });
    }
    expect((await get(admin, `/transcription/${walled.id}`)).status).toBe(404);
  });

  test("an upload is filed behind the wall only by someone it names; a walled member's is refused and nothing kept", async () => {
    const database = await db();
    const uploadInto = async (user: User, folderId: string) => {
      const form = new FormData();
      // 1.8 s of speech: the shortest real file, so the transcription it queues costs little.
      form.set("file", new Blob([fs.readFileSync(sharedFile("testdata", "audio", "hello-world.wav"))]), "hello.wav");
      form.set("folderId", folderId);
      return app("/api/v1/recordings", {
        method: "POST",
        headers: { Authorization: `Bearer ${await apiKeyOf(user)}` },
        body: form,
      });
    };
    // The accepted upload queues its transcription; no worker runs it here.
    await startJobs(await getDatabase(), { work: false });
    onTestFinished(stopJobs);
    const before = await database.recording.count({ where: { workspaceId } });
    const refused = await uploadInto(member, wallId);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { detail: string }).detail).toBe("Folder not found.");
    expect(await database.recording.count({ where: { workspaceId } })).toBe(before);
    expect(await database.usageCharge.count({ where: { workspaceId } })).toBe(0);

    const filed = await uploadInto(named, wallId);
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()) as { id: string };
    expect((await database.recording.findUniqueOrThrow({ where: { id } })).folderId).toBe(wallId);
    // Filed behind the wall, it is walled at once.
    expect((await get(member, `/transcription/${id}`)).status).toBe(404);
    // The dashboard's upload form offers the matter only to those it names.
    expect(await text(await get(named, "/dashboard"))).toContain(`${WALL_NAME} (restricted)`);
    expect(await text(await get(member, "/dashboard"))).not.toContain(WALL_NAME);
  });

  test("a restricted folder holding recordings cannot be deleted (that would lift the wall from them)", async () => {
    const refused = await post(owner, "/recordings", { intent: "delete-folder", folderId: wallId });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("This folder is restricted");
    expect(await (await db()).recording.count({ where: { id: walled.id, folderId: wallId } })).toBe(1);
  });
});

describe("roles and workspaces", () => {
  test("a viewer opens and exports but may not edit, delete or share (403 with the policy's sentence)", async () => {
    expect((await get(viewer, `/transcription/${open.id}`)).status).toBe(200);
    expect((await get(viewer, `/transcription/${open.id}/export?format=txt`)).status).toBe(200);
    for (const [path, fields] of [
      [`/transcription/${open.id}`, { intent: "rename", title: "Viewer was here" }],
      [`/transcription/${open.id}`, { intent: "delete" }],
      [`/transcription/${open.id}/share`, { intent: "create", expiry: "7d" }],
    ] as const) {
      const response = await post(viewer, path, fields);
      expect(response.status, fields.intent).toBe(403);
      expect(await text(response)).toContain("Your role in this workspace (viewer) does not allow");
    }
    expect((await db()).recording.count({ where: { id: open.id } })).resolves.toBe(1);
  });

  test("a member of the workspace edits a colleague's recording; an outsider gets 404s", async () => {
    const renamed = await post(admin, `/transcription/${open.id}`, { intent: "rename", title: "All-hands (renamed)" });
    expect(renamed.status).toBe(303);
    await (await db()).recording.update({ where: { id: open.id }, data: { title: "Open all-hands" } });
    for (const path of [`/transcription/${open.id}`, `/transcription/${open.id}/export?format=txt`]) {
      expect((await get(outsider, path)).status, path).toBe(404);
    }
    expect((await post(outsider, `/transcription/${open.id}`, { intent: "delete" })).status).toBe(404);
    expect(await text(await get(outsider, "/recordings"))).not.toContain("Open all-hands");
  });

  test("switching workspaces: members switch and see that workspace's library; a non-member gets a 404", async () => {
    const refused = await post(outsider, "/workspaces/switch", { workspaceId, redirectTo: "/recordings" });
    expect(refused.status).toBe(404);
    // The outsider's own (personal) workspace is still current.
    expect(await text(await get(outsider, "/recordings"))).not.toContain("Open all-hands");

    // The member works in their personal workspace, then switches back to the firm through the shell's form.
    const toPersonal = await post(member, "/workspaces/switch", {
      workspaceId: await personalWorkspaceId(member.id),
      redirectTo: "/recordings",
    });
    expect(toPersonal.status).toBe(302);
    expect(toPersonal.headers.get("Location")).toBe("/recordings");
    expect(await text(await get(member, "/recordings"))).not.toContain("Open all-hands");
    const shell = await text(await get(member, "/dashboard"));
    expect(shell).toContain("Firm LLP"); // offered in the switcher
    const back = await post(member, "/workspaces/switch", { workspaceId, redirectTo: "https://evil.example/" });
    expect(back.headers.get("Location")).toBe("/dashboard");
    expect(await text(await get(member, "/recordings"))).toContain("Open all-hands");
  });

  test("an API key stops working once its creator has left its workspace (401 with a sentence)", async () => {
    const leaver = await signedInUser("BUSINESS_PRO");
    const database = await db();
    await database.workspaceMember.create({ data: { workspaceId, userId: leaver.id, role: "MEMBER" } });
    const key = await apiKeyOf(leaver);
    const auth = { Authorization: `Bearer ${key}` };
    expect((await app(`/api/v1/recordings/${open.id}`, { headers: auth })).status).toBe(200);
    await database.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId: leaver.id } } });
    const refused = await app(`/api/v1/recordings/${open.id}`, { headers: auth });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/no longer a member/);
  });
});
