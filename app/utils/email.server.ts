// The email message the queue takes, and reading the dev/test outbox. The transports that send it are in
// ~/services/email (configuredMailTransport).
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { dataDir } from "./env.server";
import { isDeliverableEmail } from "./text";

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
