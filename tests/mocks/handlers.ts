import type { RequestHandler } from "msw";
import { FakeStripe, stripeHandlers } from "./stripe";

/** Stripe's API, faked with state (tests/mocks/stripe.ts); a test resets it with `fakeStripe.reset()`. */
export const fakeStripe = new FakeStripe();

/**
 * Handlers for the third-party HTTP APIs the app calls (Google, OpenAI, DeepL, Stripe, …), each built
 * from the provider's documented request and response shapes. Each capability adds its own file here.
 */
export const handlers: RequestHandler[] = [...stripeHandlers(fakeStripe)];
