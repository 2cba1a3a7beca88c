import type { SESv2Client } from "@aws-sdk/client-sesv2";
import { sending, type MailTransport } from "./transport";

export interface SesConfig {
  /** The AWS region of the SES account (SES_REGION). */
  region: string;
  /** The sender (MAIL_FROM), a verified SES identity. */
  from: string;
}

/** Amazon SES (API v2). Credentials come from the AWS SDK's usual chain (env, profile, instance role). */
export function sesTransport(config: SesConfig): MailTransport {
  // The AWS SDK is loaded with the first email (tens of MB that a server without SES never needs).
  let client: Promise<{ ses: SESv2Client; SendEmailCommand: typeof import("@aws-sdk/client-sesv2").SendEmailCommand }>;
  return {
    name: "ses",
    send: (message) =>
      sending(async () => {
        client ??= import("@aws-sdk/client-sesv2").then((sdk) => ({
          ses: new sdk.SESv2Client({ region: config.region }),
          SendEmailCommand: sdk.SendEmailCommand,
        }));
        const { ses, SendEmailCommand } = await client;
        const result = await ses.send(
          new SendEmailCommand({
            FromEmailAddress: config.from,
            Destination: { ToAddresses: [message.to] },
            Content: {
              Simple: {
                Subject: { Data: message.subject, Charset: "UTF-8" },
                Body: {
                  Html: { Data: message.html, Charset: "UTF-8" },
                  Text: { Data: message.text, Charset: "UTF-8" },
                },
              },
            },
          }),
        );
        return { transport: "ses" as const, messageId: result.MessageId ?? "" };
      }),
  };
}
