// The email message the queue takes, and reading the dev/test outbox. The transports that send it are in
// ~/services/email (configuredMailTransport).
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { dataDir } from "~/config/env.server";
import { isDeliverableEmail } from "~/utils/text";
import { render } from "@react-email/render";
import type PgBoss from "pg-boss";
import type { ReactElement } from "react";
import type { MailTransport } from "~/services/email/index.server";
import { truncate } from "~/utils/truncate";
import { defineJob, enqueue } from "./jobs.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("mail");

export const EmailMessageSchema = z.object({
  to: z.string().refine(isDeliverableEmail, "Not an address mail can be sent to"),
  subject: z.string().min(1).max(200),
  html: z.string().min(1),
  text: z.string().min(1),
});
export type EmailMessage = z.infer<typeof EmailMessageSchema>;

export interface OutboxMessage extends EmailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** Messages in the outbox (what ~/services/email/outbox.server.ts wrote), oldest first. */
export async function readOutbox(directory = dataDir("mail")): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await fs.readdir(directory)).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => JSON.parse(await fs.readFile(path.join(directory, name), "utf8")) as OutboxMessage),
  );
}

export const EMAIL_QUEUE = "send-email";
/** Work on recordings at least this long is announced by email when done: the user has likely left the page. */
export const EMAIL_WHEN_LONGER_THAN_SECONDS = 5 * 60;
const EMAIL_RETRIES = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

/** The job that sends queued mail through `transport`, with retries. */
export const sendEmailJob = (transport: MailTransport) =>
  defineJob<EmailMessage>({
    queue: EMAIL_QUEUE,
    policy: EMAIL_RETRIES,
    deadLetter: true,
    work: async (job) => transport.send(EmailMessageSchema.parse(job.data)),
  });

/** Queues an email; a worker sends it with retries. Returns the job id. */
export async function enqueueEmail(message: EmailMessage, options: PgBoss.SendOptions = {}): Promise<string> {
  return enqueue(EMAIL_QUEUE, EmailMessageSchema.parse(message), options);
}

/** The longest subject the mail queue takes. */
const SUBJECT_MAX = EmailMessageSchema.shape.subject.maxLength ?? 200;
/** A user's title quoted in a subject: short enough that the subject stays readable. */
const QUOTED_TITLE_MAX = 80;

/** `"title"`, shortened safely when long: for subjects built from what users named things. */
export const quotedTitle = (title: string) => `"${truncate(title, QUOTED_TITLE_MAX)}"`;

/** Renders a React Email template as HTML and plain text and queues it for sending. */
export async function sendTemplateEmail(to: string, subject: string, template: ReactElement): Promise<string> {
  const [html, text] = await Promise.all([render(template), render(template, { plainText: true })]);
  // A subject built from user text must never make the message unsendable.
  return enqueueEmail({ to, subject: truncate(subject, SUBJECT_MAX), html, text });
}

/**
 * For a notice about work that is already saved (a transcript, a translation): a message that cannot be queued
 * is logged, never thrown, so it can neither fail nor re-run the job that did the work.
 */
export async function sendNotice(to: string, subject: string, template: ReactElement): Promise<void> {
  try {
    await sendTemplateEmail(to, subject, template);
  } catch (error) {
    log.error({ err: error }, `could not queue "${subject}"`);
  }
}
