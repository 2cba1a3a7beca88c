import { getEnv } from "~/config/env.server";
import type { PaymentProvider } from "./payments";
import { stripeProvider } from "./stripe.server";

export type {
  CatalogProduct,
  InvoiceSummary,
  PaymentEvent,
  PaymentProvider,
  RefundResult,
  SubscriptionState,
} from "./payments";
export { PaymentError, WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./payments";

let configured: PaymentProvider | null | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, made once per process; null means payments are not set up. */
export function configuredPayments(): PaymentProvider | null {
  if (configured !== undefined) return configured;
  const env = getEnv();
  configured = env.STRIPE_SECRET_KEY
    ? stripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      })
    : null;
  return configured;
}
