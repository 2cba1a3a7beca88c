import { madeFromEnv } from "~/config/env.server";
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

/** Stripe when STRIPE_SECRET_KEY is set, made once per process; null means payments are not set up. */
export const configuredPayments: () => PaymentProvider | null = madeFromEnv((env) =>
  env.STRIPE_SECRET_KEY
    ? stripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      })
    : null,
);
