// The one base class for what an outside capability (a speech engine, a translator, a summariser, storage, the
// chat model, mail, a program the app runs) reports as failed. Each family has its own subclass, so callers can
// tell them apart with instanceof; the message is written to be shown (or logged) as it is.

/** A failure of a service, with a readable message; `status` is its HTTP status when it answered over HTTP. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Builds the caller's error type from a user-facing message and the service's HTTP status, if any. */
export type ServiceErrorFactory = (message: string, status?: number) => Error;
