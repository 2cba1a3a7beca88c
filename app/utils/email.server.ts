import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { z } from "zod";
import { dataDir, getEnv } from "./env.server";
import { singleton } from "./singleton.server";

export const EmailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(200),
  html: z.string().min(1),
  text: z.string().min(1),
});
export type EmailMessage = z.infer<typeof EmailMessageSchema>;

export interface SentEmail {
  transport: "smtp" | "outbox";
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

/** The transport configured for this process: SMTP_URL, else the outbox. */
export function mailTransport(): MailTransport {
  return singleton("mail-transport", () => {
    const url = getEnv().SMTP_URL;
    return url ? smtpTransport(url) : outboxTransport();
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
