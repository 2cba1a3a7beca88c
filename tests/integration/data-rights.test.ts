// @both-databases: retention's sweeps, SQL with date arithmetic in app/modules/privacy/retention.server.ts
// Data rights (issue 18): the full export (ZIP contents, signed owner-only link), every deletion path with its
// stored files (file: and S3), retention with a moved clock, and the access log.
import "./billing-env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { enqueue, getJob } from "~/modules/platform/jobs.server";
import { appendAuditEvent, recordAudit } from "~/modules/audit/audit.server";
import { verifyAuditChain } from "~/modules/audit/verify.server";
import { addComment } from "~/modules/comments/comments.server";
import { EXPORT_LINK_INVALID, openDataExport } from "~/modules/privacy/data-export.server";
import {
  deleteAccountNow,
  EXPORT_QUEUE,
  purgeFiles,
  purgeFilesJob,
  scheduleAccountDeletion,
} from "~/modules/privacy/deletion.server";
import { DAY_MS, effectiveDays } from "~/modules/privacy/retention";
import { enforceRetention, retentionNotes } from "~/modules/privacy/retention.server";
import { libraryPage } from "~/modules/library/library.server";
import { RecordingListQuerySchema } from "~/modules/recordings/list.server";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import { configuredStorage } from "~/services/storage/index.server";
import { s3Storage } from "~/services/storage/s3.server";
import { fakeStripe } from "../mocks/handlers";
import { s3Handlers } from "../mocks/s3";
import { mockServer } from "../mocks/server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor, waitForEmail } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const JFK = sharedFile("testdata/audio/jfk.mp3");
let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
});

const storedPath = (key: string) => dataDir("uploads", key);

/** A finished recording with its audio in storage, a two-segment transcript, a Spanish translation and a summary. */
async function completedRecording(userId: string, title = "Board meeting", completedAt = new Date()) {
  const database = await db();
  const id = `rec${Math.random().toString(36).slice(2, 14)}`;
  const storageKey = `recordings/${userId}/${id}.mp3`;
  const temporary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-privacy-")), "jfk.mp3");
  fs.copyFileSync(JFK, temporary);
  await configuredStorage().putFile(storageKey, temporary);
  await database.recording.create({
    data: {
      id,
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title,
      fileName: "jfk.mp3",
      storageKey,
      sizeBytes: fs.statSync(JFK).size,
      mimeType: "audio/mpeg",
      durationSeconds: 11,
      status: "COMPLETED",
      transcriptLanguage: "en",
      engine: "pocketsphinx",
      createdAt: completedAt,
      completedAt,
      segments: {
        create: [
          { position: 0, start: 0, end: 4, text: "And so my fellow Americans", speaker: "Speaker 1" },
          { position: 1, start: 4, end: 11, text: "ask what you can do for your country", speaker: "Speaker 1" },
        ],
      },
      summary: {
        create: { engine: "extractive", abstract: "A call to serve.", keyPoints: [], actionItems: [] },
      },
      translations: { create: { language: "es", status: "COMPLETED", engine: "apertium" } },
    },
  });
  const segments = await database.transcriptSegment.findMany({
    where: { recordingId: id },
    orderBy: { position: "asc" },
  });
  await database.segmentTranslation.createMany({
    data: segments.map((segment, index) => ({
      segmentId: segment.id,
      language: "es",
      text: index === 0 ? "Y así, compatriotas" : "pregunten qué pueden hacer por su país",
      engine: "apertium",
    })),
  });
  return { id, storageKey };
}

const unzipList = (file: string) => execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
const unzipRead = (file: string, entry: string) => execFileSync("unzip", ["-p", file, entry]);

describe("export all my data", () => {
  test("the ZIP holds the profile, audio, transcripts, translations, summary, chats, sessions and the log; only the owner can download it", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const database = await db();
    const { id } = await completedRecording(user.id);
    await database.chatSession.create({
      data: {
        userId: user.id,
        contextPage: "/dashboard",
        messages: { create: [{ role: "USER", content: "How do I export SRT?" }] },
      },
    });
    // The library, a note, an edit (a revision) and the speaker library.
    const folderRow = await database.folder.create({
      data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "Board" },
    });
    const tagRow = await database.tag.create({
      data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "quarterly" },
    });
    await database.recording.update({
      where: { id },
      data: { folderId: folderRow.id, tags: { create: { tagId: tagRow.id } } },
    });
    const [firstSegment] = await database.transcriptSegment.findMany({
      where: { recordingId: id },
      orderBy: { position: "asc" },
    });
    await addComment(user.id, id, { segmentId: firstSegment.id, quote: "fellow Americans", body: "Quote this one" });
    const edited = await app(
      `/transcription/${id}`,
      form({ intent: "edit-segment", segmentId: firstSegment.id, text: "And so, my fellow citizens" }, user.cookie),
    );
    expect(edited.status).toBe(303);
    const voiceStats = { frames: 800, sum: Array(13).fill(0.5), outer: Array(169).fill(0.25) };
    const voice = await database.speakerProfile.create({
      data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "Dr. Ruiz", ...voiceStats },
    });
    await database.speakerVoice.create({
      data: { recordingId: id, label: "Dr. Ruiz", originalLabel: "Speaker 1", profileId: voice.id, ...voiceStats },
    });

    // With the encrypting store (the default) the ZIP is sealed as it is built: none is written plain to the app's
    // temporary folder, where it used to be built before it was stored.
    const temporaryFolder = path.join(process.env.DATA_DIR!, "tmp");
    fs.mkdirSync(temporaryFolder, { recursive: true });
    const temporaryFiles: string[] = [];
    const watcher = fs.watch(temporaryFolder, (_, name) => temporaryFiles.push(String(name)));
    const queued = await app("/data-privacy", form({ intent: "export" }, user.cookie), { clientIp: "203.0.113.9" });
    expect(queued.status).toBe(302);
    const row = await database.dataExport.findFirstOrThrow({ where: { userId: user.id } });
    // One at a time: with an export in progress, another request is refused with a message, not a second job.
    const busy = await signedInUser();
    await database.dataExport.create({ data: { userId: busy.id, status: "RUNNING" } });
    const again = await app("/data-privacy", form({ intent: "export" }, busy.cookie));
    expect(again.status).toBe(409);
    expect(await database.dataExport.count({ where: { userId: busy.id } })).toBe(1);

    const since = row.createdAt.getTime();
    // The worker runs the job once.
    const ready = await waitFor(
      () => database.dataExport.findUniqueOrThrow({ where: { id: row.id } }),
      (current) => current.status === "READY" || current.status === "FAILED",
    );
    watcher.close();
    expect(ready.status).toBe("READY");
    expect(ready.progress).toBe(100);
    expect(temporaryFiles.filter((name) => name.startsWith("export-"))).toEqual([]);
    expect(ready.expiresAt!.getTime() - ready.completedAt!.getTime()).toBe(7 * DAY_MS);

    const mail = await waitForEmail(
      (await database.user.findUniqueOrThrow({ where: { id: user.id } })).email,
      /data export is ready/,
      since,
    );
    const link = /http:\/\/localhost:3000(\/data-privacy\/exports\/[^\s"<>]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const href = link!.replace(/&amp;/g, "&");

    // IDOR: another signed-in user, a signed-out visitor, and a forged signature get nothing.
    const stolen = await app(href, { headers: { Cookie: other.cookie } });
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).toBe(EXPORT_LINK_INVALID);
    const anonymous = await app(href);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/signin/);
    const forged = await app(href.replace(/signature=[^&]+/, "signature=AAAA"), { headers: { Cookie: user.cookie } });
    expect(forged.status).toBe(404);

    const download = await app(href, { headers: { Cookie: user.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    const zipPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-export-")), "export.zip");
    fs.writeFileSync(zipPath, Buffer.from(await download.arrayBuffer()));
    execFileSync("unzip", ["-tq", zipPath]);

    const entries = unzipList(zipPath);
    const folder = entries.find((entry) => entry.endsWith("/recording.json"))!.replace("recording.json", "");
    expect(folder).toMatch(new RegExp(`^recordings/001-board-meeting-${id.slice(-8)}/$`));
    expect(entries).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        `${folder}audio.mp3`,
        `${folder}transcript.json`,
        `${folder}transcript.txt`,
        `${folder}transcript.srt`,
        `${folder}translation-es.json`,
        `${folder}translation-es.txt`,
        `${folder}translation-es.srt`,
        `${folder}summary.json`,
        `${folder}notes.json`,
        `${folder}revisions.json`,
        "library.json",
        "speaker-library.json",
        "support-chat.json",
        "sessions.json",
        "audit-log.json",
      ]),
    );
    expect(unzipRead(zipPath, `${folder}audio.mp3`).equals(fs.readFileSync(JFK))).toBe(true);
    expect(unzipRead(zipPath, `${folder}transcript.txt`).toString()).toContain("ask what you can do for your country");
    expect(unzipRead(zipPath, `${folder}transcript.srt`).toString()).toMatch(/00:00:04,000 --> 00:00:11,000/);
    expect(unzipRead(zipPath, `${folder}translation-es.txt`).toString()).toContain("por su país");
    expect(JSON.parse(unzipRead(zipPath, `${folder}summary.json`).toString()).abstract).toBe("A call to serve.");
    const readJson = (entry: string) => JSON.parse(unzipRead(zipPath, entry).toString());
    expect(readJson(`${folder}recording.json`)).toMatchObject({ folder: "Board", tags: ["quarterly"] });
    expect(readJson("library.json")).toEqual({
      folders: [{ id: folderRow.id, name: "Board", createdAt: expect.any(String), recordingIds: [id] }],
      tags: [{ id: tagRow.id, name: "quarterly", createdAt: expect.any(String), recordingIds: [id] }],
    });
    expect(readJson(`${folder}notes.json`)).toEqual([
      { segmentId: firstSegment.id, quote: "fellow Americans", note: "Quote this one", createdAt: expect.any(String) },
    ]);
    const revisions = readJson(`${folder}revisions.json`);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ number: 1, kind: "edit" });
    // The text before and after the edit.
    expect(JSON.stringify(revisions[0].changes)).toContain("And so my fellow Americans");
    expect(JSON.stringify(revisions[0].changes)).toContain("And so, my fellow citizens");
    expect(readJson("speaker-library.json")).toEqual([
      expect.objectContaining({
        name: "Dr. Ruiz",
        measurement: voiceStats,
        heardIn: [expect.objectContaining({ recordingId: id, label: "Dr. Ruiz", originalLabel: "Speaker 1" })],
      }),
    ]);
    const profile = JSON.parse(unzipRead(zipPath, "profile.json").toString());
    expect(profile.id).toBe(user.id);
    expect(profile.workspaces).toEqual([
      expect.objectContaining({ id: await personalWorkspaceId(user.id), kind: "PERSONAL", role: "OWNER" }),
    ]);
    expect(JSON.stringify(profile)).not.toContain("passwordHash");
    expect(unzipRead(zipPath, "support-chat.json").toString()).toContain("How do I export SRT?");
    expect(JSON.parse(unzipRead(zipPath, "sessions.json").toString())).toHaveLength(1);
    const log = JSON.parse(unzipRead(zipPath, "audit-log.json").toString()) as { action: string; ipAddress: string }[];
    expect(log).toContainEqual(expect.objectContaining({ action: "export.requested", ipAddress: "203.0.113.9" }));

    const actions = (await database.auditEvent.findMany({ where: { actorId: user.id } })).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["export.requested", "export.ready", "export.downloaded"]));
    // The other user's attempt logged nothing against either account.
    expect(await database.auditEvent.count({ where: { actorId: other.id, action: "export.downloaded" } })).toBe(0);

    // After 7 days the link is dead, even for the owner.
    const query = new URL(href, "http://localhost").searchParams;
    await expect(openDataExport(user.id, row.id, query, {}, new Date(Date.now() + 7 * DAY_MS + 1000))).rejects.toThrow(
      EXPORT_LINK_INVALID,
    );
  });
});

describe("deleting", () => {
  test("one recording's audio: the file goes, the transcript stays, the audio route refuses", async () => {
    const user = await signedInUser();
    const { id, storageKey } = await completedRecording(user.id);
    expect(fs.existsSync(storedPath(storageKey))).toBe(true);
    const response = await app("/data-privacy", form({ intent: "delete-audio", recordingId: id }, user.cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/transcription/${id}`);
    expect(fs.existsSync(storedPath(storageKey))).toBe(false);
    const database = await db();
    const recording = await database.recording.findUniqueOrThrow({ where: { id } });
    expect(recording.audioDeletedAt).not.toBeNull();
    expect(await database.transcriptSegment.count({ where: { recordingId: id } })).toBe(2);
    expect((await app(`/transcription/${id}/audio`, { headers: { Cookie: user.cookie } })).status).toBe(404);
    expect((await app(`/transcription/${id}/export?format=txt`, { headers: { Cookie: user.cookie } })).status).toBe(
      200,
    );
    expect(await database.auditEvent.count({ where: { actorId: user.id, action: "audio.deleted" } })).toBe(1);
  });

  test("another user's recording id: 404, and nothing is deleted", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { id, storageKey } = await completedRecording(owner.id);
    const response = await app("/data-privacy", form({ intent: "delete-audio", recordingId: id }, other.cookie));
    expect(response.status).toBe(404);
    expect(fs.existsSync(storedPath(storageKey))).toBe(true);
  });

  test("all recordings: rows and files go, another user's stay", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const mine = [await completedRecording(user.id), await completedRecording(user.id, "Second")];
    const theirs = await completedRecording(other.id);
    const response = await app("/data-privacy", form({ intent: "delete-recordings" }, user.cookie));
    expect(response.status).toBe(302);
    const database = await db();
    expect(await database.recording.count({ where: { userId: user.id } })).toBe(0);
    for (const { storageKey } of mine) expect(fs.existsSync(storedPath(storageKey))).toBe(false);
    expect(fs.existsSync(storedPath(theirs.storageKey))).toBe(true);
  });

  test("the purge job deletes S3 objects in one run, by key and by prefix", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "test-key");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test-secret");
    const bucket = s3Handlers("https://s3.test.example", "voxlate", 2);
    mockServer.use(...bucket.handlers);
    const storage = s3Storage({
      bucket: "voxlate",
      prefix: "uploads",
      endpoint: "https://s3.test.example",
      region: "us-east-1",
      forcePathStyle: true,
    });
    for (const key of ["recordings/u1/a.mp3", "recordings/u1/b.mp3", "exports/u1/x.zip", "recordings/u2/c.mp3"]) {
      bucket.objects.set(`uploads/${key}`, Buffer.from("x"));
    }
    expect(await purgeFiles({ keys: ["recordings/u1/a.mp3"], prefixes: ["exports/u1/"] }, storage)).toBe(2);
    expect([...bucket.objects.keys()].sort()).toEqual(["uploads/recordings/u1/b.mp3", "uploads/recordings/u2/c.mp3"]);
    // Idempotent: a retried run over what is already gone succeeds.
    await purgeFiles({ keys: ["recordings/u1/a.mp3"] }, storage);
    vi.unstubAllEnvs();
  });

  test("the purge job (file:) deletes a recording's file in one run", async () => {
    const user = await signedInUser();
    const { storageKey } = await completedRecording(user.id);
    await purgeFilesJob.work({
      id: "job",
      data: { keys: [storageKey] },
      retryCount: 0,
      retryLimit: 1,
      signal: new AbortController().signal,
    });
    expect(fs.existsSync(storedPath(storageKey))).toBe(false);
  });

  test("the account, now: rows, files, exports and pending jobs go, and the paid plan is cancelled at Stripe", async () => {
    const user = await signedInUser("PREMIUM");
    const database = await db();
    const { storageKey } = await completedRecording(user.id);
    const { seq } = await appendAuditEvent({
      action: "transcript.viewed",
      actorId: user.id,
      workspaceId: await personalWorkspaceId(user.id),
      target: { kind: "recording", id: "rec_1", label: "Secret title" },
      ip: "203.0.113.50",
      userAgent: "PrivacyTest/1.0",
    });
    fakeStripe.subscriptions.set("sub_privacy_1", {
      id: "sub_privacy_1",
      object: "subscription",
      status: "active",
      customer: `cus_privacy_${user.id}`,
      created: Math.floor(Date.now() / 1000),
      cancel_at_period_end: false,
      items: { object: "list", data: [] },
    });
    await database.billingAccount.create({
      data: {
        userId: user.id,
        stripeCustomerId: `cus_privacy_${user.id}`,
        subscriptionId: "sub_privacy_1",
        subscriptionStatus: "active",
      },
    });
    const queued = await database.recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: "queued",
        fileName: "q.mp3",
        storageKey: `recordings/${user.id}/q.mp3`,
        sizeBytes: 1,
        mimeType: "audio/mpeg",
        durationSeconds: 1,
        status: "QUEUED",
        jobId: null,
      },
    });
    expect(queued.id).toBeTruthy();
    // A pending export job (due in an hour) is cancelled with the account.
    const pending = await database.dataExport.create({ data: { userId: user.id } });
    const jobId = await enqueue(EXPORT_QUEUE, { exportId: pending.id }, { startAfter: 3600 });
    await database.dataExport.update({ where: { id: pending.id }, data: { jobId } });

    const response = await app(
      "/data-privacy",
      form({ intent: "delete-account", when: "now", confirmation: "DELETE" }, user.cookie),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await database.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await database.recording.count({ where: { userId: user.id } })).toBe(0);
    // The audit trail keeps the entries, without whose they were, and its chain still checks (ADR 036-audit).
    expect(await database.auditEvent.count({ where: { actorId: user.id } })).toBe(0);
    expect(await database.auditEvent.count({ where: { action: "sign-in.failed", targetId: user.id } })).toBe(0);
    expect(await database.auditEvent.findUniqueOrThrow({ where: { seq } })).toMatchObject({
      action: "transcript.viewed",
      actorId: null,
      targetId: null,
      targetLabel: null,
      ipAddress: null,
      userAgent: null,
      salt: null,
      erasedAt: expect.any(Date),
    });
    expect(await verifyAuditChain()).toMatchObject({ intact: true });
    expect(fs.existsSync(storedPath(storageKey))).toBe(false);
    const left = dataDir("uploads", "recordings", user.id);
    expect(fs.existsSync(left) ? fs.readdirSync(left) : []).toEqual([]);
    // Cancelled, then gone with the other jobs that name the account (account-deletion.test.ts).
    expect(await getJob(EXPORT_QUEUE, jobId)).toBeNull();
    expect(fakeStripe.subscriptions.get("sub_privacy_1")!.status).toBe("canceled");
  });

  test("the confirmation is required: a specific 400, nothing deleted", async () => {
    const user = await signedInUser();
    const response = await app(
      "/data-privacy",
      form({ intent: "delete-account", when: "now", confirmation: "no" }, user.cookie),
    );
    expect(response.status).toBe(400);
    expect(await (await db()).user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  test("the account, with the 7-day grace period: signed out, signing in cancels it; otherwise deleted after 7 days", async () => {
    const database = await db();
    const keeper = await signedInUser();
    const response = await app(
      "/data-privacy",
      form({ intent: "delete-account", when: "grace", confirmation: "DELETE" }, keeper.cookie),
    );
    expect(response.status).toBe(302);
    // The session cookie is cleared.
    expect(response.headers.getSetCookie().some((header) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header))).toBe(
      true,
    );
    const scheduled = await database.user.findUniqueOrThrow({ where: { id: keeper.id } });
    expect(scheduled.deletionScheduledAt!.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(await database.session.count({ where: { userId: keeper.id } })).toBe(0);
    // The old cookie no longer works.
    expect((await app("/data-privacy", { headers: { Cookie: keeper.cookie } })).status).toBe(302);
    await recordSignIn(keeper.id, new Request("http://localhost/signin", { headers: { "User-Agent": "Firefox" } }));
    expect((await database.user.findUniqueOrThrow({ where: { id: keeper.id } })).deletionScheduledAt).toBeNull();

    const leaver = await signedInUser();
    const { storageKey } = await completedRecording(leaver.id);
    const now = new Date();
    await scheduleAccountDeletion(leaver.id, {}, now);
    await enforceRetention(new Date(now.getTime() + 6 * DAY_MS));
    expect(await database.user.findUnique({ where: { id: leaver.id } })).not.toBeNull();
    const result = await enforceRetention(new Date(now.getTime() + 7 * DAY_MS + 1000));
    expect(result.accountsDeleted).toBeGreaterThanOrEqual(1);
    expect(await database.user.findUnique({ where: { id: leaver.id } })).toBeNull();
    expect(fs.existsSync(storedPath(storageKey))).toBe(false);
    expect(await database.user.findUnique({ where: { id: keeper.id } })).not.toBeNull();
    expect(await deleteAccountNow(leaver.id)).toBe(false); // already gone: nothing to do
  });
});

describe("retention", () => {
  test("the server's ceiling wins over a longer or missing choice", () => {
    expect(effectiveDays(null, null)).toBeNull();
    expect(effectiveDays(30, null)).toBe(30);
    expect(effectiveDays(null, 90)).toBe(90);
    expect(effectiveDays(365, 90)).toBe(90);
    expect(effectiveDays(7, 90)).toBe(7);
  });

  /** What the recordings list says retention will do, read as its loader reads it. */
  async function notesOnTheList(userId: string) {
    const { retentionChoice, items } = await libraryPage(userId, RecordingListQuerySchema.parse({}));
    return retentionNotes(retentionChoice, items);
  }

  test("audio after N days, whole recordings after M days, with a moved clock; idempotent; the list says when", async () => {
    const user = await signedInUser();
    const database = await db();
    const saved = await app(
      "/data-privacy",
      form({ intent: "retention", audioDays: "7", recordingDays: "30" }, user.cookie),
    );
    expect(saved.status).toBe(302);
    const bad = await app(
      "/data-privacy",
      form({ intent: "retention", audioDays: "5", recordingDays: "30" }, user.cookie),
    );
    expect(bad.status).toBe(400);
    const start = new Date();
    const { id, storageKey } = await completedRecording(user.id, "Kept a while", start);
    const notes = await notesOnTheList(user.id);
    expect(notes[id].audioDeletesAt!.getTime()).toBe(start.getTime() + 7 * DAY_MS);
    expect(notes[id].deletesAt!.getTime()).toBe(start.getTime() + 30 * DAY_MS);

    await enforceRetention(new Date(start.getTime() + 6 * DAY_MS));
    expect(fs.existsSync(storedPath(storageKey))).toBe(true);

    const day8 = new Date(start.getTime() + 8 * DAY_MS);
    const first = await enforceRetention(day8, configuredStorage(), 1); // batches of one
    expect(first.audioDeleted).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(storedPath(storageKey))).toBe(false);
    const row = await database.recording.findUniqueOrThrow({ where: { id } });
    expect(row.audioDeletedAt).toEqual(day8);
    expect(await database.transcriptSegment.count({ where: { recordingId: id } })).toBe(2);
    const again = await enforceRetention(day8);
    expect(again.audioDeleted).toBe(0);
    expect((await notesOnTheList(user.id))[id].audioDeletedAt).toEqual(day8);

    // The recordings list shows both dates.
    const page = await (await app("/recordings", { headers: { Cookie: user.cookie } })).text();
    expect(page).toContain("Audio deleted on");
    expect(page).toContain("Will be deleted on");

    await enforceRetention(new Date(start.getTime() + 31 * DAY_MS));
    expect(await database.recording.findUnique({ where: { id } })).toBeNull();
    const log = await database.auditEvent.findMany({ where: { actorId: user.id, action: "retention.applied" } });
    expect(log.length).toBeGreaterThanOrEqual(2);
  });

  test("users who chose never keep everything", async () => {
    const user = await signedInUser();
    const { id, storageKey } = await completedRecording(user.id, "Forever", new Date(Date.now() - 400 * DAY_MS));
    await enforceRetention();
    expect(await (await db()).recording.findUnique({ where: { id } })).not.toBeNull();
    expect(fs.existsSync(storedPath(storageKey))).toBe(true);
  });
});

describe("the privacy policy", () => {
  test("says where audio is kept, how it is encrypted and where it goes to be transcribed, from the settings the code uses", async () => {
    // React marks where text pieces meet with empty comments.
    const page = (await (await app("/privacy")).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Audio files and data exports are stored on this server&#x27;s own disk.");
    expect(page).toContain(
      "Stored audio files are encrypted (AES-256-GCM) as they arrive: no plain copy is written while an upload is received and checked.",
    );
    expect(page).toContain(
      "While a recording is transcribed, it is read where it is stored (decrypted as it is read, when it is encrypted), and the decoded speech the engine works on is written to a working folder on the server that transcribes it, which is emptied when the job ends.",
    );
  });
});

describe("access log", () => {
  test("sign-in by the form: a sign-in and a new-browser entry with IP and browser; the page shows them, without transcript text", async () => {
    const user = await signedInUser();
    const database = await db();
    const { email } = await database.user.findUniqueOrThrow({ where: { id: user.id } });
    const headers = { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "PrivacyTest/1.0" };
    const signIn = await app(
      "/signin",
      { method: "POST", headers, body: new URLSearchParams({ email, password: "secret-123" }) },
      { clientIp: "198.51.100.7" },
    );
    expect(signIn.status).toBe(302);
    const entries = await database.auditEvent.findMany({ where: { actorId: user.id }, orderBy: { seq: "asc" } });
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "sign-in", ipAddress: "198.51.100.7", userAgent: "PrivacyTest/1.0" }),
        expect.objectContaining({ action: "new-device", ipAddress: "198.51.100.7" }),
      ]),
    );
    const { id } = await completedRecording(user.id, "Client call");
    const download = await app(`/transcription/${id}/audio`, { headers: { Cookie: user.cookie } });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    await app(`/transcription/${id}/export?format=srt`, { headers: { Cookie: user.cookie } });
    await recordAudit({
      action: "share-link.viewed",
      workspaceId: await personalWorkspaceId(user.id),
      ip: "192.0.2.1",
      target: { kind: "share-link", label: "Client call" },
    });
    const page = await (await app("/data-privacy", { headers: { Cookie: user.cookie } })).text();
    for (const text of [
      "Signed in from a new browser",
      "198.51.100.7",
      "Downloaded a recording",
      "Downloaded a transcript",
      "Someone opened a share link",
    ])
      expect(page).toContain(text);
    expect(page).not.toContain("ask what you can do for your country");
  });

  test("plan changes are logged", async () => {
    const user = await signedInUser();
    const { grantPlan } = await import("~/modules/billing/plan-grant.server");
    const { email } = await (await db()).user.findUniqueOrThrow({ where: { id: user.id } });
    await grantPlan(email, "PREMIUM", null);
    const entry = await (
      await db()
    ).auditEvent.findFirstOrThrow({ where: { actorId: user.id, action: "plan.changed" } });
    expect(entry.targetLabel).toBe("Free → Premium");
  });
});
