import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SESv2Client } from "@aws-sdk/client-sesv2";
import { render } from "@react-email/render";
import nodemailer from "nodemailer";
import type PgBoss from "pg-boss";
import type { ReactElement } from "react";
import { z } from "zod";
import { isDeliverableEmail } from "~/utils/text";
import { truncate } from "~/utils/truncate";
import { dataDir, getEnv } from "./env.server";
import { defineJob, enqueue } from "./jobs.server";
import { singleton } from "./singleton.server";

export const EmailMessageSchema = z.object({
  to: z.string().refine(isDeliverableEmail, "Not an address mail can be sent to"),
  subject: z.string().min(1).max(200),
  html: z.string().min(1),
  text: z.string().min(1),
});
export type EmailMessage = z.infer<typeof EmailMessageSchema>;

export interface SentEmail {
  transport: "smtp" | "ses" | "outbox";
  messageId: string;
}

export interface MailTransport {
  name: SentEmail["transport"];
  send(message: EmailMessage): Promise<SentEmail>;
}

/** Writes each message as JSON under DATA_DIR/mail: the dev and test stand-in for a mail server. */
export function outboxTransport(directory = dataDir("mail")): MailTransport {
  return {
    name: "outbox",
    async send(message) {
      await fs.mkdir(directory, { recursive: true });
      const messageId = `${Date.now()}-${crypto.randomUUID()}`;
      const record = { id: messageId, from: getEnv().MAIL_FROM, sentAt: new Date().toISOString(), ...message };
      // Write then rename, so a reader never sees half a message.
      const file = path.join(directory, `${messageId}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
      await fs.rename(`${file}.tmp`, file);
      console.info(`[mail] outbox: "${message.subject}" to ${message.to} (${file})`);
      return { transport: "outbox", messageId };
    },
  };
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(message) {
      const info = await transporter.sendMail({ from: getEnv().MAIL_FROM, ...message });
      return { transport: "smtp", messageId: info.messageId };
    },
  };
}

/** Amazon SES (API v2). Credentials come from the AWS SDK's usual chain (env, profile, instance role). */
export function sesTransport(region: string): MailTransport {
  // The AWS SDK is loaded with the first email (tens of MB that a server without SES never needs).
  let client: Promise<{ ses: SESv2Client; SendEmailCommand: typeof import("@aws-sdk/client-sesv2").SendEmailCommand }>;
  return {
    name: "ses",
    async send(message) {
      client ??= import("@aws-sdk/client-sesv2").then((sdk) => ({
        ses: new sdk.SESv2Client({ region }),
        SendEmailCommand: sdk.SendEmailCommand,
      }));
      const { ses, SendEmailCommand } = await client;
      const result = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: getEnv().MAIL_FROM,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: "UTF-8" },
              Body: { Html: { Data: message.html, Charset: "UTF-8" }, Text: { Data: message.text, Charset: "UTF-8" } },
            },
          },
        }),
      );
      return { transport: "ses", messageId: result.MessageId ?? "" };
    },
  };
}

/** The transport configured for this process: SMTP_URL, else SES_REGION, else the outbox. */
export function mailTransport(): MailTransport {
  return singleton("mail-transport", () => {
    const env = getEnv();
    if (env.SMTP_URL) return smtpTransport(env.SMTP_URL);
    if (env.SES_REGION) return sesTransport(env.SES_REGION);
    return outboxTransport();
  });
}

export interface OutboxMessage extends EmailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** Messages in the outbox, oldest first. */
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
    console.error(`[mail] could not queue "${subject}" to ${to}:`, error instanceof Error ? error.message : error);
  }
}
