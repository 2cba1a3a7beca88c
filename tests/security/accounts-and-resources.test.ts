// The probe's account and resource findings (issue 12), replayed over HTTP against the real server: guessing cannot
// lock the owner out, a stolen session cannot take the account over, and one user cannot pile up live sessions. And
// across workspaces (issue 32, ADR 034-workspace): every kind of object in a team workspace, asked for by each role
// and by an outsider: a viewer reads but may not edit, delete or share (403), an outsider gets 404s.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessionCookieFor, withAppDatabase } from "../../bench/app-server";
import { startSecurityServer, type SecurityServer } from "./fixtures";

let server: SecurityServer;
let email: string;

beforeAll(async () => {
  server = await startSecurityServer("accounts");
  email = await withAppDatabase(server.dataDir, async (prisma) => {
    const session = await prisma.session.findFirstOrThrow({ include: { user: true } });
    return session.user.email;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const signIn = (password: string, cookie?: string) =>
  fetch(`${server.origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });

test("twenty wrong passwords do not keep the owner's browser out", async () => {
  // The owner has signed in from this browser before: it holds the device cookie.
  const first = await signIn("correct-horse-battery");
  expect(first.status).toBe(200);
  const device = first.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("voxlate_device="))!
    .split(";")[0];

  const statuses: number[] = [];
  for (let guess = 0; guess < 20; guess++) statuses.push((await signIn(`guess-${guess}`)).status);
  // The guesser is slowed (429 with a wait), never answered with the real password's result.
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

  const owner = await signIn("correct-horse-battery", device);
  expect(owner.status).toBe(200);
});

test("a session alone cannot change the email address", async () => {
  const response = await fetch(`${server.origin}/account`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: server.cookie },
    body: new URLSearchParams({ intent: "email", newEmail: "attacker@example.com" }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(400);
  expect(await response.text()).toMatch(/current password/i);
  const codes = await withAppDatabase(server.dataDir, (prisma) =>
    prisma.verification.count({ where: { email: "attacker@example.com" } }),
  );
  expect(codes).toBe(0);
});

test("a user can hold two live sessions at once, not thirty", async () => {
  const start = () =>
    fetch(`${server.origin}/api/live-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: server.cookie },
      body: JSON.stringify({ mimeType: "audio/webm;codecs=opus", language: "en" }),
    });
  const answers = [];
  for (let attempt = 0; attempt < 5; attempt++) answers.push(await start());
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429, 429, 429]);
  expect(((await answers[2].json()) as { error: string }).error).toMatch(/live recording/i);
  const cancel = async (answer: Response) => {
    const { id } = (await answer.json()) as { id: string };
    const cancelled = await fetch(`${server.origin}/api/live-sessions/${id}`, {
      method: "DELETE",
      headers: { Cookie: server.cookie },
    });
    expect(cancelled.ok).toBe(true);
  };
  for (const answer of answers.slice(0, 2)) await cancel(answer);
  // With both ended, a new one may start.
  const again = await start();
  expect(again.status).toBe(201);
  await cancel(again);
});

describe("across workspaces: every object kind, every role", () => {
  const AGENT = "security/workspaces";
  const cookies: Record<"admin" | "member" | "viewer" | "outsider", string> = {
    admin: "",
    member: "",
    viewer: "",
    outsider: "",
  };
  let ids: {
    recording: string;
    segment: string;
    folder: string;
    link: string;
    comment: string;
    tag: string;
    webhook: string;
  };

  beforeAll(async () => {
    const made = await withAppDatabase(server.dataDir, async (prisma) => {
      const owner = await prisma.session.findFirstOrThrow({ select: { userId: true } });
      const person = (name: string) =>
        prisma.user.create({
          data: { email: `${name}-${crypto.randomUUID()}@example.com`, firstName: name, lastName: "X" },
        });
      const [admin, member, viewer, outsider] = await Promise.all(
        ["admin", "member", "viewer", "outsider"].map(person),
      );
      const workspace = await prisma.workspace.create({
        data: {
          name: "Team",
          kind: "TEAM",
          members: {
            create: [
              { userId: owner.userId, role: "OWNER" },
              { userId: admin.id, role: "ADMIN" },
              { userId: member.id, role: "MEMBER" },
              { userId: viewer.id, role: "VIEWER" },
            ],
          },
        },
      });
      const workspaceId = workspace.id;
      await prisma.user.updateMany({
        where: { id: { in: [admin.id, member.id, viewer.id] } },
        data: { currentWorkspaceId: workspaceId },
      });
      const folder = await prisma.folder.create({ data: { userId: owner.userId, workspaceId, name: "Matters" } });
      const recording = await prisma.recording.create({
        data: {
          userId: owner.userId,
          workspaceId,
          folderId: folder.id,
          title: "Team call",
          fileName: "team.wav",
          storageKey: `recordings/${owner.userId}/${crypto.randomUUID()}.wav`,
          sizeBytes: 1000,
          mimeType: "audio/wav",
          durationSeconds: 4,
          status: "COMPLETED",
          transcriptLanguage: "en",
          completedAt: new Date(),
          segments: { create: [{ position: 0, start: 0, end: 4, text: "Hello team.", speaker: "Speaker 1" }] },
        },
        include: { segments: true },
      });
      const tag = await prisma.tag.create({ data: { userId: owner.userId, workspaceId, name: "urgent" } });
      await prisma.recordingTag.create({ data: { recordingId: recording.id, tagId: tag.id } });
      const link = await prisma.shareLink.create({
        data: {
          recordingId: recording.id,
          userId: owner.userId,
          workspaceId,
          tokenHash: crypto.randomBytes(32).toString("hex"),
          tokenPrefix: "abcdef",
        },
      });
      const comment = await prisma.transcriptComment.create({
        data: {
          recordingId: recording.id,
          segmentId: recording.segments[0].id,
          userId: owner.userId,
          quote: "",
          body: "Note",
        },
      });
      const webhook = await prisma.webhookEndpoint.create({
        data: {
          userId: owner.userId,
          workspaceId,
          url: "https://hooks.example.com/voxlate",
          secret: "whsec_security_suite",
          events: ["transcription.completed"],
        },
      });
      return {
        users: { admin: admin.id, member: member.id, viewer: viewer.id, outsider: outsider.id },
        ids: {
          recording: recording.id,
          segment: recording.segments[0].id,
          folder: folder.id,
          link: link.id,
          comment: comment.id,
          tag: tag.name,
          webhook: webhook.id,
        },
      };
    });
    ids = made.ids;
    for (const role of Object.keys(cookies) as (keyof typeof cookies)[])
      cookies[role] = await sessionCookieFor(server.dataDir, made.users[role], server.origin, AGENT);
  }, 60_000);

  const send = (who: keyof typeof cookies, path: string, fields?: Record<string, string>) =>
    fetch(`${server.origin}${path}`, {
      method: fields ? "POST" : "GET",
      headers: {
        Cookie: cookies[who],
        "User-Agent": AGENT,
        ...(fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: fields ? new URLSearchParams(fields).toString() : undefined,
      redirect: "manual",
    });

  test("reading: every member opens and exports; an outsider gets 404s", async () => {
    const reads = [
      `/transcription/${ids.recording}`,
      `/transcription/${ids.recording}/export?format=txt`,
      `/recordings?folder=${ids.folder}`,
      `/transcription/${ids.recording}/revisions/original`,
    ];
    for (const path of reads) {
      for (const who of ["admin", "member", "viewer"] as const)
        expect((await send(who, path)).status, `${who} ${path}`).toBe(200);
      expect((await send("outsider", path)).status, `outsider ${path}`).toBe(404);
    }
  });

  test("changing: a viewer gets the policy's 403 on every kind, an outsider a 404; nothing changes", async () => {
    const rec = `/transcription/${ids.recording}`;
    const writes: [string, string, Record<string, string>][] = [
      ["recording: rename", rec, { intent: "rename", title: "Changed" }],
      ["recording: delete", rec, { intent: "delete" }],
      ["share link: create", `${rec}/share`, { intent: "create", expiry: "7d" }],
      ["share link: revoke", `${rec}/share`, { intent: "revoke", linkId: ids.link }],
      ["comment: delete", rec, { intent: "delete-comment", commentId: ids.comment }],
      ["folder: rename", "/recordings", { intent: "rename-folder", folderId: ids.folder, name: "Changed" }],
      ["folder: delete", "/recordings", { intent: "delete-folder", folderId: ids.folder }],
      ["tag: remove", "/recordings", { intent: "remove-tag", recordingId: ids.recording, tag: ids.tag }],
      ["segment: edit", rec, { intent: "edit-segment", segmentId: ids.segment, text: "Changed." }],
      ["speaker: rename", rec, { intent: "rename-speaker", from: "Speaker 1", to: "Changed" }],
      ["revision: restore", rec, { intent: "restore-revision", revisionId: "original" }],
      ["webhook: remove", "/account?developer", { intent: "webhook-delete", endpointId: ids.webhook }],
    ];
    for (const [what, path, fields] of writes) {
      const viewer = await send("viewer", path, fields);
      expect(viewer.status, `viewer ${what}`).toBe(403);
      expect(await viewer.text(), `viewer ${what}`).toContain("(viewer) does not allow");
      expect((await send("outsider", path, fields)).status, `outsider ${what}`).toBe(404);
    }
    const state = await withAppDatabase(server.dataDir, async (prisma) => ({
      title: (await prisma.recording.findUniqueOrThrow({ where: { id: ids.recording } })).title,
      folder: (await prisma.folder.findUniqueOrThrow({ where: { id: ids.folder } })).name,
      link: (await prisma.shareLink.findUniqueOrThrow({ where: { id: ids.link } })).revokedAt,
      comments: await prisma.transcriptComment.count({ where: { id: ids.comment } }),
      tags: await prisma.recordingTag.count({ where: { recordingId: ids.recording } }),
      links: await prisma.shareLink.count({ where: { recordingId: ids.recording } }),
      segment: await prisma.transcriptSegment.findUniqueOrThrow({
        where: { id: ids.segment },
        select: { text: true, speaker: true },
      }),
      revisions: await prisma.transcriptRevision.count({ where: { recordingId: ids.recording } }),
      webhooks: await prisma.webhookEndpoint.count({ where: { id: ids.webhook } }),
    }));
    expect(state).toEqual({
      title: "Team call",
      folder: "Matters",
      link: null,
      comments: 1,
      tags: 1,
      links: 1,
      segment: { text: "Hello team.", speaker: "Speaker 1" },
      revisions: 0,
      webhooks: 1,
    });
  });

  test("a member edits a colleague's recording; only an admin manages a folder's access", async () => {
    const renamed = await send("member", `/transcription/${ids.recording}`, { intent: "rename", title: "Team call" });
    expect(renamed.status).toBe(303);
    const access = `/recordings/folders/${ids.folder}/access`;
    expect((await send("admin", access)).status).toBe(200);
    expect((await send("member", access)).status).toBe(403);
    expect((await send("viewer", access)).status).toBe(403);
    expect((await send("outsider", access)).status).toBe(404);
  });
});
