import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { SESv2Client } from "@aws-sdk/client-sesv2";
import nodemailer from "nodemailer";
import { z } from "zod";
import { dataDir, getEnv } from "./env.server";
import { singleton } from "./singleton.server";
import { isDeliverableEmail } from "./text";

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
