import { poll } from "../poll";
import { outboxTransport } from "~/services/email/outbox.server";
import { db } from "~/modules/platform/database.server";
import { readOutbox, type OutboxMessage } from "~/modules/platform/email.server";
import { dataDir, getEnv } from "~/config/env.server";
import { queueBacklog } from "~/modules/platform/jobs.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { createUserSession } from "~/modules/platform/session.server";

/** The outbox under DATA_DIR/mail, whatever transport the environment names: tests read what was sent there. */
export const testOutbox = () => outboxTransport({ directory: dataDir("mail"), from: getEnv().MAIL_FROM });

export const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> =>
  poll(read, done, { timeoutMs });

/**
 * Waits until none of `queues` has a job queued, waiting for a retry or running. Once what would trigger their
 * jobs has happened, this is the event after which nothing more of theirs can arrive: check for absence after it.
 */
export async function waitForQueuesIdle(...queues: string[]): Promise<void> {
  await waitFor(
    async () => (await Promise.all(queues.map((queue) => queueBacklog(queue)))).reduce((sum, size) => sum + size, 0),
    (backlog) => backlog === 0,
    60_000,
  );
}

/** Waits for the newest outbox message to an address whose subject matches, sent after `since`. */
export async function waitForEmail(to: string, subject: RegExp, since = 0): Promise<OutboxMessage> {
  const messages = await waitFor(
    () => readOutbox(dataDir("mail")),
    (all) => all.some((mail) => mail.to === to && subject.test(mail.subject) && Date.parse(mail.sentAt) >= since),
  );
  return messages.filter((mail) => mail.to === to && subject.test(mail.subject)).at(-1)!;
}

export function codeFrom(mail: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in: ${mail.text}`);
  return code;
}

/** A verified user on `plan` with a signed-in session: its id and the Cookie header value. */
export async function signedInUser(plan: "FREE" | "PREMIUM" | "BUSINESS_PRO" = "FREE") {
  const email = `user-${Math.random().toString(36).slice(2)}@example.com`;
  const user = await (
    await db()
  ).user.create({
    data: {
      email,
      firstName: "Ada",
      lastName: "L",
      passwordHash: await hashPassword("secret-123"),
      emailVerifiedAt: new Date(),
      plan,
    },
  });
  const cookie = (await createUserSession(user.id, new Request("http://localhost/"))).split(";")[0];
  return { id: user.id, cookie };
}
