import { dataDir, getEnv } from "~/config/env.server";
import { outboxTransport } from "./outbox.server";
import { sesTransport } from "./ses.server";
import { smtpTransport } from "./smtp.server";
import type { MailTransport } from "./transport";

export { MailError, type MailMessage, type MailTransport, type SentEmail } from "./transport";

let configured: MailTransport | undefined;

/** The transport configured for this process, made once: SMTP_URL, else SES_REGION, else the DATA_DIR/mail outbox. */
export function configuredMailTransport(): MailTransport {
  if (configured) return configured;
  const env = getEnv();
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) configured = smtpTransport({ url: env.SMTP_URL, from });
  else if (env.SES_REGION) configured = sesTransport({ region: env.SES_REGION, from });
  else configured = outboxTransport({ directory: dataDir("mail"), from });
  return configured;
}
