/** A translation failure with a message fit to show the user; `status` is the service's HTTP status when there was one. */
export class TranslationError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "TranslationError";
  }
}

export const translationError = (message: string, status?: number) => new TranslationError(message, status);
