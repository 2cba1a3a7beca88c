// @both-databases: the job queue's own SQL (pg-boss): queueing, retries, dead letters and lost jobs on each database
import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, test } from "vitest";
import crypto from "node:crypto";
import { db, getDatabase } from "~/modules/platform/database.server";
import { enqueue, startQueue, stopQueue } from "~/modules/platform/jobs.server";
import { requeueOrphanedTranscriptions } from "~/modules/pipeline/transcription-job.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { enqueueTranscription, TRANSCRIBE_QUEUE } from "~/modules/recordings/transcription-queue.server";
import { smtpTransport } from "~/services/email/smtp.server";
import { readOutbox, type EmailMessage } from "~/modules/platform/email.server";
import { dataDir, getEnv } from "~/config/env.server";
import { enqueueEmail, getJob, QUEUES, startJobs, stopJobs } from "~/modules/jobs.server";
import { signedInUser, testOutbox, waitFor } from "./helpers";

const message = (to: string): EmailMessage => ({
  to,
  subject: "Your transcript is ready",
  html: "<p>Your transcript of <b>meeting.mp3</b> is ready.</p>",
  text: "Your transcript of meeting.mp3 is ready.",
});

afterEach(() => stopJobs());

describe("the send-email job", () => {
  test("a queued email is sent by the in-process worker to the outbox, woken by the queueing, not by its poll", async () => {
    // Polling every 10 minutes: the job is done long before the worker would look, because queueing it in this
    // process wakes the worker (platform/jobs.server.ts).
    await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 600, mailTransport: testOutbox() });
    const id = await enqueueEmail(message("outbox@example.com"));
    const job = await waitFor(
      () => getJob(QUEUES.sendEmail, id),
      (job) => job?.state === "completed",
    );
    expect(job?.output).toMatchObject({ transport: "outbox" });
    const outbox = await readOutbox(dataDir("mail"));
    expect(outbox.find((mail) => mail.to === "outbox@example.com")).toMatchObject({
      subject: "Your transcript is ready",
    });
  });

  test("a queued email reaches a real SMTP server, as HTML and plain text", async () => {
    const received: ParsedMail[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => (received.push(mail), callback()), callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as net.AddressInfo;
    try {
      await startJobs(await getDatabase(), {
        work: true,
        pollingIntervalSeconds: 0.5,
        mailTransport: smtpTransport({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: getEnv().MAIL_FROM }),
      });
      const id = await enqueueEmail(message("smtp@example.com"));
      await waitFor(
        () => getJob(QUEUES.sendEmail, id),
        (job) => job?.state === "completed",
      );
      expect(received).toHaveLength(1);
      expect(received[0].subject).toBe("Your transcript is ready");
      expect(received[0].text?.trim()).toBe("Your transcript of meeting.mp3 is ready.");
      expect(received[0].html).toContain("<b>meeting.mp3</b>");
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  test("emails queued while no worker ran are all sent when it starts, each finished job waking it for the next", async () => {
    await startJobs(await getDatabase(), { work: false });
    const recipients = Array.from({ length: 6 }, (_, index) => `backlog-${index}@example.com`);
    const ids: string[] = [];
    for (const to of recipients) ids.push(await enqueueEmail(message(to)));
    await stopJobs();
    // Polling every 10 minutes: only the first job is found by the worker's first look.
    await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 600, mailTransport: testOutbox() });
    for (const id of ids)
      await waitFor(
        () => getJob(QUEUES.sendEmail, id),
        (job) => job?.state === "completed",
      );
    const sent = (await readOutbox(dataDir("mail"))).map((mail) => mail.to);
    expect(sent).toEqual(expect.arrayContaining(recipients));
  });

  test("an email queued to start later is sent when it is due, not at the worker's next poll", async () => {
    await startJobs(await getDatabase(), { work: true, pollingIntervalSeconds: 600, mailTransport: testOutbox() });
    const queuedAt = Date.now();
    const id = await enqueueEmail(message("later@example.com"), { startAfter: 2 });
    const job = await waitFor(
      () => getJob(QUEUES.sendEmail, id),
      (job) => job?.state === "completed",
    );
    expect(job!.startedOn.getTime() - queuedAt).toBeGreaterThanOrEqual(1_900);
  });

  test("an email that keeps failing is retried when each retry is due, then dead-lettered", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    // Polling every 10 minutes: the worker is woken when each retry falls due (platform/jobs.server.ts).
    const boss = await startJobs(await getDatabase(), {
      work: true,
      pollingIntervalSeconds: 600,
      mailTransport: smtpTransport({ url: `smtp://127.0.0.1:${closedPort}`, from: getEnv().MAIL_FROM }),
    });
    const id = await enqueueEmail(message("nobody@example.com"), { retryLimit: 2, retryDelay: 1, retryBackoff: false });
    const failed = await waitFor(
      () => getJob(QUEUES.sendEmail, id),
      (job) => job?.state === "failed",
      30_000,
    );
    expect(failed?.retryCount).toBe(2);
    expect(JSON.stringify(failed?.output)).toMatch(/ECONNREFUSED/);
    const [dead] = await boss.fetch(QUEUES.sendEmailDead);
    expect(dead?.data).toMatchObject({ to: "nobody@example.com" });
  });

  test("a malformed email is refused before it is queued", async () => {
    await startJobs(await getDatabase(), { work: false });
    await expect(enqueueEmail({ ...message("not-an-email"), subject: "" })).rejects.toThrow();
  });
});

describe("transcriptions the queue lost", () => {
  test("a recording still queued or processing whose job the queue does not hold (a restored backup) gets a new job", async () => {
    await startJobs(await getDatabase(), { work: false });
    const user = await signedInUser();
    const database = await db();
    const workspaceId = await personalWorkspaceId(user.id);
    const recording = (processing: boolean, jobId: string | null) =>
      database.recording.create({
        data: {
          userId: user.id,
          workspaceId,
          title: "Restored",
          fileName: "restored.wav",
          storageKey: `restored/${crypto.randomUUID()}.wav`,
          sizeBytes: 1000,
          mimeType: "audio/wav",
          durationSeconds: 11,
          status: processing ? "PROCESSING" : "QUEUED",
          jobId,
        },
      });
    const lost = await recording(false, crypto.randomUUID());
    const lostWhileProcessing = await recording(true, null);
    const held = await recording(false, await enqueueTranscription("someone-else"));

    // Just made: an upload may be between making the row and queueing its job.
    expect(await requeueOrphanedTranscriptions()).toEqual([]);
    const later = new Date(Date.now() + 5 * 60_000);
    expect((await requeueOrphanedTranscriptions(later)).sort()).toEqual([lost.id, lostWhileProcessing.id].sort());
    for (const id of [lost.id, lostWhileProcessing.id]) {
      const row = await database.recording.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "QUEUED", progress: 0 });
      expect(await getJob(TRANSCRIBE_QUEUE, row.jobId!)).toMatchObject({ data: { recordingId: id } });
    }
    expect((await database.recording.findUniqueOrThrow({ where: { id: held.id } })).jobId).toBe(held.jobId);
    // Once they have jobs, nothing more is queued.
    expect(await requeueOrphanedTranscriptions(later)).toEqual([]);
  });
});

describe("stopping the queue", () => {
  test("stopping waits for a handler still running after the queue's own wait, so it never writes to a closed database", async () => {
    const database = await getDatabase();
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let wrote = false;
    await startQueue(database, {
      work: true,
      pollingIntervalSeconds: 600,
      jobs: [
        {
          queue: "stop-test",
          // Ignores its signal, as an engine finishing its last second of audio would.
          async work() {
            started();
            await new Promise((resolve) => setTimeout(resolve, 2_500));
            await database.sql.query("SELECT 1");
            wrote = true;
          },
        },
      ],
    });
    await enqueue("stop-test", {});
    await handlerStarted;
    // pg-boss gives up on the handler after a second (its shortest wait); stopQueue returns only once it has written.
    await stopQueue({ queueWaitMs: 1_000 });
    expect(wrote).toBe(true);
  });
});
