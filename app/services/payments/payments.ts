// What Voxlate asks of a payment platform: hosted checkout and billing pages, the subscription's current state,
// invoices, refunds, and signed webhook events, in the platform's terms but without its SDK types. Stripe is the one
// provider (stripe.server.ts); card numbers never touch Voxlate.
import { ServiceError } from "../errors";

/** A subscription as the payment platform holds it now. Times are the platform's. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  priceId: string | null;
  /** The price's lookup key, which names the plan and period (see billing/catalog.ts). */
  lookupKey: string | null;
  created: Date;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  /** draft, open, paid, uncollectible, void. */
  status: string | null;
  amountPaid: number;
  amountDue: number;
  currency: string;
  created: Date;
  /** The platform's page for the invoice and its receipt. */
  hostedInvoiceUrl: string | null;
  subscriptionId: string | null;
  /** subscription_create for the first invoice of a subscription, subscription_cycle for renewals… */
  billingReason: string | null;
  paidAt: Date | null;
}

interface EventBase {
  id: string;
  created: Date;
}

/** A verified webhook event, reduced to what billing reads. Types Voxlate does not handle arrive as "ignored". */
export type PaymentEvent =
  | (EventBase & {
      type: "checkout.session.completed";
      session: {
        id: string;
        /** client_reference_id: the Voxlate user who started the checkout. */
        userId: string | null;
        customerId: string | null;
        subscriptionId: string | null;
        /** paid, unpaid or no_payment_required. */
        paymentStatus: string;
      };
    })
  | (EventBase & {
      type: "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted";
      subscription: SubscriptionState;
    })
  | (EventBase & { type: "invoice.paid" | "invoice.payment_failed"; invoice: InvoiceSummary & { customerId: string } })
  | (EventBase & { type: "ignored"; platformType: string });

export interface RefundResult {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
}

/** One product of the catalog `billing:sync` keeps in step: its prices are found again by their lookup keys. */
export interface CatalogProduct {
  /** Stable id stored in the product's metadata, so a rerun finds the product instead of making another. */
  key: string;
  name: string;
  description: string;
  prices: { lookupKey: string; unitAmount: number; currency: string; interval: "week" | "month" }[];
}

export interface CatalogSyncReport {
  products: { key: string; id: string; action: "created" | "updated" | "unchanged" }[];
  prices: { lookupKey: string; id: string; action: "created" | "replaced" | "unchanged" }[];
}

export interface PaymentProvider {
  name: "stripe";
  /** Active prices by lookup key; a key without an active price is missing from the map. */
  pricesByLookupKey(lookupKeys: string[]): Promise<Map<string, { id: string; unitAmount: number | null }>>;
  createCustomer(
    customer: { email: string; name: string; userId: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  createCheckoutSession(checkout: {
    customerId: string;
    priceId: string;
    userId: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /** null when the platform does not know the subscription. */
  getSubscription(id: string): Promise<SubscriptionState | null>;
  cancelSubscriptionNow(id: string): Promise<SubscriptionState>;
  /**
   * Sets the quantity of the subscription's (one) item: a team's seats (ADR 035-teams). Stripe prorates the change
   * (`proration_behavior: "create_prorations"`): the difference for the rest of the period is on the next invoice.
   */
  setSubscriptionQuantity(
    id: string,
    quantity: number,
    idempotencyKey: string,
  ): Promise<{ itemId: string; quantity: number }>;
  createPortalSession(session: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  listInvoices(customerId: string, limit: number): Promise<InvoiceSummary[]>;
  /** Refunds what was paid for the invoice, in full. */
  refundInvoice(invoiceId: string, idempotencyKey: string): Promise<RefundResult>;
  /**
   * Checks the signature on the raw body and its timestamp (within WEBHOOK_TOLERANCE_SECONDS of now, either way);
   * throws WebhookSignatureError when either does not hold.
   */
  verifyWebhook(rawBody: Buffer, signature: string | null): PaymentEvent;
  syncCatalog(products: CatalogProduct[]): Promise<CatalogSyncReport>;
}

/** The payment platform failed or refused; the message can be shown. */
export class PaymentError extends ServiceError {}

/** A webhook whose signature is missing, wrong, too old or dated in the future. */
export class WebhookSignatureError extends ServiceError {}

/**
 * How far a webhook's signed timestamp may be from now, either way, and how far in the future an event may be dated:
 * Stripe's own default tolerance, five minutes. Beyond it a delivery is a replay or comes from a clock not to be
 * trusted.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
