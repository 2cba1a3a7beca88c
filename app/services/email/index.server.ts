import { dataDir, madeFromEnv } from "~/config/env.server";
import { outboxTransport } from "./outbox.server";
import { sesTransport } from "./ses.server";
import { smtpTransport } from "./smtp.server";
import type { MailTransport } from "./transport";

export { MailError, type MailMessage, type MailTransport, type SentEmail } from "./transport";

/** The transport configured for this process, made once: SMTP_URL, else SES_REGION, else the DATA_DIR/mail outbox. */
export const configuredMailTransport: () => MailTransport = madeFromEnv((env) => {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) return smtpTransport({ url: env.SMTP_URL, from });
  if (env.SES_REGION) return sesTransport({ region: env.SES_REGION, from });
  return outboxTransport({ directory: dataDir("mail"), from });
});
