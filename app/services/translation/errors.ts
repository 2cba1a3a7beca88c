import { ServiceError } from "../errors";

/** A translation failure with a message fit to show the user; `status` is the service's HTTP status when there was one. */
export class TranslationError extends ServiceError {}

export const translationError = (message: string, status?: number) => new TranslationError(message, status);
