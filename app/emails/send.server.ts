import { render } from "@react-email/render";
import type { ReactElement } from "react";
import { enqueueEmail } from "~/utils/jobs.server";

/** Renders a React Email template as HTML and plain text and queues it for sending. */
export async function sendTemplateEmail(to: string, subject: string, template: ReactElement): Promise<string> {
  const [html, text] = await Promise.all([render(template), render(template, { plainText: true })]);
  return enqueueEmail({ to, subject, html, text });
}
