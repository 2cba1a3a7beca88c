// Imported first by the billing tests: Stripe is configured (against the fake in tests/mocks/stripe.ts) before
// anything reads the environment. Other test files leave it unset, so no page of theirs calls Stripe.
import { STRIPE_TEST_SECRET_KEY, STRIPE_TEST_WEBHOOK_SECRET } from "../mocks/stripe";

process.env.STRIPE_SECRET_KEY = STRIPE_TEST_SECRET_KEY;
process.env.STRIPE_WEBHOOK_SECRET = STRIPE_TEST_WEBHOOK_SECRET;
