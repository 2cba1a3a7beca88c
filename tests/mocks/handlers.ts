import type { RequestHandler } from "msw";

/**
 * Handlers for the third-party HTTP APIs the app calls (Google, OpenAI, DeepL, Stripe, …), each built
 * from the provider's documented request and response shapes. Each capability adds its own file here.
 */
export const handlers: RequestHandler[] = [];
