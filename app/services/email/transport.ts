import { ServiceError } from "../errors";

/** One email, already rendered. (The queue validates it with EmailMessageSchema before it gets here.) */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface SentEmail {
  transport: "smtp" | "ses" | "outbox";
  messageId: string;
}

/** Sends mail one message at a time; a failure throws MailError, so the send-email job retries. */
export interface MailTransport {
  name: SentEmail["transport"];
  send(message: MailMessage): Promise<SentEmail>;
  /**
   * Deletes the copies this transport kept of messages mentioning any of `texts` (without case), returning how many.
   * Only a transport that keeps messages on this server (the outbox) has it: SMTP and SES hand them on and keep none.
   */
  forget?(texts: string[]): Promise<number>;
}

/** The mail server or service did not take the message. The message is the transport's own. */
export class MailError extends ServiceError {}

/** Runs one send; any failure becomes a MailError with the same message (and the original as its cause). */
export async function sending<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof MailError) throw error;
    throw new MailError(error instanceof Error ? error.message : String(error), undefined, { cause: error });
  }
}
