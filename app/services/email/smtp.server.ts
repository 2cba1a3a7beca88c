import nodemailer from "nodemailer";
import { sending, type MailTransport } from "./transport";

export interface SmtpConfig {
  /** e.g. smtp://user:pass@mail.example.com:587 (SMTP_URL). */
  url: string;
  /** The sender (MAIL_FROM). */
  from: string;
}

export function smtpTransport(config: SmtpConfig): MailTransport {
  const transporter = nodemailer.createTransport(config.url);
  return {
    name: "smtp",
    send: (message) =>
      sending(async () => {
        const info = await transporter.sendMail({ from: config.from, ...message });
        return { transport: "smtp" as const, messageId: info.messageId };
      }),
  };
}
