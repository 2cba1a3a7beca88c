import { render } from "@react-email/render";
import type { ReactElement } from "react";
import { EmailMessageSchema } from "~/utils/email.server";
import { enqueueEmail } from "~/utils/jobs.server";
import { truncate } from "~/utils/truncate";

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
