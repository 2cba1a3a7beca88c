// @both-databases: the purge of a deleted account's queued jobs, SQL on the queue's tables in app/modules/platform/jobs.server.ts
// "Delete my account now" (issue 30, item 2): afterwards the account's email, name and ids are nowhere, not in a
// table (the app's or the job queue's, in any state), not in a file under DATA_DIR (the mail outbox, stored files,
// their folders), through the production request handler on a real database.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertAdmin } from "~/modules/accounts/admin-session.server";
import { addComment } from "~/modules/comments/comments.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { enqueueEmail, readOutbox } from "~/modules/platform/email.server";
import { enqueue, getJob } from "~/modules/platform/jobs.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { TRANSLATE_QUEUE } from "~/modules/transcripts/translation-job.server";
import { configuredStorage } from "~/services/storage/index.server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor, waitForEmail } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { acceptInvitation, inviteMember } from "~/modules/workspaces/invitations.server";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
  // An admin, so that the user's escalated support chat emails someone (with the user's address in it).
  await upsertAdmin("support@voxlate.test", "console-pass-1");
});
afterAll(() => stopJobs());

const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
});

/** Every file under DATA_DIR: its path (relative) and its bytes read as text. */
function dataDirFiles(directory = dataDir()): { name: string; text: string }[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    const name = path.relative(dataDir(), full);
    if (entry.isDirectory()) return [{ name, text: "" }, ...dataDirFiles(full)];
    return entry.isFile() ? [{ name, text: fs.readFileSync(full).toString("latin1") }] : [];
  });
}

/** Every row of every table in the database (the app's and the job queue's schema), as text. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const database = await getDatabase();
  const tables = (await database.sql.query(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    [],
  )) as { table_schema: string; table_name: string }[];
  expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(["User", "ChatMessage", "job"]));
  const rows = await Promise.all(
    tables.map(async ({ table_schema: schema, table_name: name }) => {
      const table = `"${schema}"."${name}"`;
      const found = (await database.sql.query(`SELECT t::text AS row FROM ${table} t`, [])) as { row: string }[];
      return found.map(({ row }) => ({ table, text: row }));
    }),
  );
  return rows.flat();
}

/** Which of the texts appear where, case-insensitively. */
function mentions(places: { name?: string; table?: string; text: string }[], texts: string[]) {
  return places.flatMap((place) =>
    texts
      .filter((text) => `${place.name ?? ""}\n${place.text}`.toLowerCase().includes(text.toLowerCase()))
      .map((text) => `${place.name ?? place.table}: ${text}`),
  );
}

/** A finished recording with its audio in storage, a transcript, a note and a share link. */
async function recordingOf(userId: string) {
  const database = await db();
  const storageKey = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "deletion-")), "jfk.wav");
  fs.copyFileSync(sharedFile("testdata/audio/jfk.wav"), local);
  await configuredStorage().putFile(storageKey, local);
  const recording = await database.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Quarterly numbers",
      fileName: "quarterly.wav",
      storageKey,
      sizeBytes: 1,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      completedAt: new Date(),
      segments: { create: [{ position: 0, start: 0, end: 11, text: "Ask what you can do.", speaker: "Speaker 1" }] },
    },
    include: { segments: true },
  });
  await addComment(userId, recording.id, { segmentId: recording.segments[0].id, quote: "", body: "Check this" });
  await createShareLink(userId, recording.id, { expiry: "never" });
  return recording;
}

describe("delete my account now", () => {
  test("leaves the account's email, name and ids in no table, job or file", async () => {
    const user = await signedInUser();
    const database = await db();
    const suffix = crypto.randomBytes(4).toString("hex");
    const person = await database.user.update({
      where: { id: user.id },
      data: { firstName: `Ysolde${suffix}`, lastName: `Quartermaine${suffix}` },
    });
    const bystander = await signedInUser();
    const recording = await recordingOf(user.id);
    const kept = await recordingOf(bystander.id);
    await database.folder.create({
      data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "Clients" },
    });
    await database.speakerProfile.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        name: `${person.firstName} herself`,
        frames: 0,
      },
    });

    // A team the user was invited to and joined (ADR 035-teams): the invitation keeps the address and the account's id.
    await database.user.update({ where: { id: bystander.id }, data: { plan: "BUSINESS_PRO" } });
    const team = await createTeamWorkspace(bystander.id, "Bystander's firm");
    await grantSeats(team.id, 2);
    const invitedAt = Date.now();
    await inviteMember(bystander.id, team.id, { email: person.email, role: "MEMBER" });
    const invitation = await waitForEmail(person.email, /invited you to/, invitedAt);
    await acceptInvitation(/\/invitations\/([\w-]+)/.exec(invitation.text)![1], user.id);

    // The support chat: signed in, the user asks for a person and gives their address; the admins are emailed.
    const chat = await app("/support-chat", {
      ...form(
        {
          content: `Please call me back, I am ${person.firstName} ${person.lastName}, ${person.email}`,
          contextPage: "/account",
          returnTo: "/account",
          response: "json",
          intent: "person",
        },
        user.cookie,
      ),
    });
    expect(chat.status).toBe(200);

    // Mail to the user: a finished data export (its ZIP in storage, its job completed, its email sent), and a
    // message sent and one still waiting in the queue.
    expect((await app("/data-privacy", form({ intent: "export" }, user.cookie))).status).toBe(302);
    await enqueueEmail({ to: person.email, subject: `Hello ${person.firstName}`, html: "<p>Hi</p>", text: "Hi" });
    const waiting = await enqueueEmail(
      { to: person.email, subject: "Later", html: "<p>Later</p>", text: "Later" },
      { startAfter: 3600 },
    );
    // A job of another kind naming the user, still to run.
    const translation = await enqueue(
      TRANSLATE_QUEUE,
      { recordingId: recording.id, language: "es" },
      { startAfter: 3600 },
    );
    await waitFor(
      () => database.dataExport.findFirstOrThrow({ where: { userId: user.id }, select: { status: true } }),
      (row) => row.status === "READY",
    );
    const outbox = await waitFor(
      readOutbox,
      (messages) =>
        messages.filter((message) => message.to === person.email).length >= 2 &&
        messages.some((message) => message.text.includes(person.email)),
    );
    expect(outbox.length).toBeGreaterThanOrEqual(3);
    expect(await getJob("send-email", waiting)).toMatchObject({ state: "created" });
    expect(await getJob(TRANSLATE_QUEUE, translation)).toMatchObject({ state: "created" });

    const needles = [person.email, person.id, person.firstName, person.lastName, recording.id];
    // Before: the test can see each of them where they are.
    expect(mentions(await everyRow(), needles).length).toBeGreaterThan(0);
    expect(mentions(dataDirFiles(), [person.email, person.id]).length).toBeGreaterThan(0);

    const response = await app(
      "/data-privacy",
      form({ intent: "delete-account", when: "now", confirmation: "DELETE" }, user.cookie),
    );
    expect(response.status).toBe(302);

    // No exceptions. No confirmation email is sent for a deletion done now: the page says it is done, and a message
    // would keep the address in the mail queue and the outbox after the account is gone. No billing record stays
    // here: the invoices the law requires are Stripe's, under its customer id. (Only when storage is down does a
    // purge job name the account's folders, until it has deleted them; here storage answers.)
    expect(mentions(await everyRow(), needles)).toEqual([]);
    expect(mentions(dataDirFiles(), needles)).toEqual([]);

    // Another user's data stays.
    expect(await database.recording.findUnique({ where: { id: kept.id } })).not.toBeNull();
    expect(mentions(dataDirFiles(), [bystander.id]).length).toBeGreaterThan(0);
  });
});
