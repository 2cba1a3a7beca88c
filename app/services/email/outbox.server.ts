import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sending, type MailTransport } from "./transport";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("mail");

export interface OutboxConfig {
  /** Where each message is written as JSON (DATA_DIR/mail when configured). */
  directory: string;
  /** The sender recorded with each message (MAIL_FROM). */
  from: string;
}

/** Writes each message as JSON into a folder: the dev and test stand-in for a mail server. */
export function outboxTransport(config: OutboxConfig): MailTransport {
  return {
    name: "outbox",
    send: (message) =>
      sending(async () => {
        await fs.mkdir(config.directory, { recursive: true });
        const messageId = `${Date.now()}-${crypto.randomUUID()}`;
        const record = { id: messageId, from: config.from, sentAt: new Date().toISOString(), ...message };
        // Write then rename, so a reader never sees half a message.
        const file = path.join(config.directory, `${messageId}.json`);
        await fs.writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
        await fs.rename(`${file}.tmp`, file);
        log.info(`outbox: "${message.subject}" to ${message.to} (${file})`);
        return { transport: "outbox" as const, messageId };
      }),
    async forget(texts) {
      const needles = texts.filter(Boolean).map((text) => text.toLowerCase());
      const names = await fs.readdir(config.directory).catch(() => [] as string[]);
      let forgotten = 0;
      for (const name of names.filter((entry) => entry.endsWith(".json"))) {
        const file = path.join(config.directory, name);
        const content = (await fs.readFile(file, "utf8").catch(() => "")).toLowerCase();
        if (!needles.some((needle) => content.includes(needle))) continue;
        await fs.rm(file, { force: true });
        forgotten++;
      }
      return forgotten;
    },
  };
}
