// Stripe through its official SDK: hosted Checkout and Customer Portal, subscriptions, invoices, refunds and signed
// webhooks. The SDK pins its API version (2026-10-28 for stripe 23.1.0): periods live on subscription items and an
// invoice names its subscription under parent.subscription_details.
import Stripe from "stripe";
import {
  type CatalogProduct,
  type CatalogSyncReport,
  type InvoiceSummary,
  PaymentError,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionState,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from "./payments";

export interface StripeConfig {
  secretKey: string;
  /** whsec_…: without it every webhook is refused. */
  webhookSecret?: string;
  /** Another API origin (a local Stripe-shaped mock in end-to-end tests); default https://api.stripe.com. */
  apiBase?: string;
}

const id = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;
const fromUnix = (seconds: number) => new Date(seconds * 1000);

function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: id(subscription.customer)!,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    lookupKey: item?.price.lookup_key ?? null,
    created: fromUnix(subscription.created),
    currentPeriodStart: item ? fromUnix(item.current_period_start) : null,
    currentPeriodEnd: item ? fromUnix(item.current_period_end) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function invoiceSummary(invoice: Stripe.Invoice): InvoiceSummary {
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    id: invoice.id!,
    number: invoice.number,
    status: invoice.status,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    created: fromUnix(invoice.created),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    subscriptionId: id(invoice.parent?.subscription_details?.subscription),
    billingReason: invoice.billing_reason,
    paidAt: paidAt ? fromUnix(paidAt) : null,
  };
}

function paymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, created: fromUnix(event.created) };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return {
        ...base,
        type: event.type,
        session: {
          id: session.id,
          userId: session.client_reference_id,
          customerId: id(session.customer),
          subscriptionId: id(session.subscription),
          paymentStatus: session.payment_status,
        },
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { ...base, type: event.type, subscription: subscriptionState(event.data.object) };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return { ...base, type: event.type, invoice: { ...invoiceSummary(invoice), customerId: id(invoice.customer)! } };
    }
    default:
      return { ...base, type: "ignored", platformType: event.type };
  }
}

/** Stripe's own message for a refused call (it is written for people), else a generic one. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentError(`Stripe could not ${what}: ${error.message}`, error.statusCode, { cause: error });
    }
    throw new PaymentError(`Stripe could not ${what}.`, undefined, { cause: error });
  }
}

function sdkOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Voxlate" } };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
  };
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, sdkOptions(config.apiBase));

  async function syncProduct(product: CatalogProduct, existing: Stripe.Product[]) {
    const found = existing.find((candidate) => candidate.metadata.voxlate_key === product.key);
    if (!found) {
      const created = await stripe.products.create(
        { name: product.name, description: product.description, metadata: { voxlate_key: product.key } },
        { idempotencyKey: `voxlate-product-${product.key}-${product.name}` },
      );
      return { key: product.key, id: created.id, action: "created" as const };
    }
    if (found.name === product.name && found.description === product.description && found.active) {
      return { key: product.key, id: found.id, action: "unchanged" as const };
    }
    await stripe.products.update(found.id, { name: product.name, description: product.description, active: true });
    return { key: product.key, id: found.id, action: "updated" as const };
  }

  return {
    name: "stripe",

    async pricesByLookupKey(lookupKeys) {
      const prices = await call("list the prices", () =>
        stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 }),
      );
      return new Map(
        prices.data
          .filter((price) => price.lookup_key)
          .map((price) => [price.lookup_key!, { id: price.id, unitAmount: price.unit_amount }]),
      );
    },

    async createCustomer(customer, idempotencyKey) {
      const created = await call("create the customer", () =>
        stripe.customers.create(
          { email: customer.email, name: customer.name, metadata: { voxlate_user_id: customer.userId } },
          { idempotencyKey },
        ),
      );
      return { id: created.id };
    },

    async createCheckoutSession(checkout) {
      const session = await call("start the checkout", () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: checkout.customerId,
            client_reference_id: checkout.userId,
            line_items: [{ price: checkout.priceId, quantity: 1 }],
            success_url: checkout.successUrl,
            cancel_url: checkout.cancelUrl,
            subscription_data: { metadata: { voxlate_user_id: checkout.userId } },
          },
          { idempotencyKey: checkout.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentError("Stripe did not return a checkout page.");
      return { id: session.id, url: session.url };
    },

    async getSubscription(subscriptionId) {
      try {
        return subscriptionState(await stripe.subscriptions.retrieve(subscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        return call("read the subscription", () => Promise.reject(error));
      }
    },

    async cancelSubscriptionNow(subscriptionId) {
      return subscriptionState(
        await call("cancel the subscription", () => stripe.subscriptions.cancel(subscriptionId)),
      );
    },

    async setSubscriptionQuantity(subscriptionId, quantity, idempotencyKey) {
      const subscription = await call("read the subscription", () => stripe.subscriptions.retrieve(subscriptionId));
      const item = subscription.items.data[0];
      if (!item) throw new PaymentError("Stripe has no item on this subscription to set seats on.");
      const updated = await call("change the number of seats", () =>
        stripe.subscriptionItems.update(
          item.id,
          { quantity, proration_behavior: "create_prorations" },
          { idempotencyKey },
        ),
      );
      return { itemId: updated.id, quantity: updated.quantity ?? quantity };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call("open the billing portal", () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async listInvoices(customerId, limit) {
      const invoices = await call("list the invoices", () => stripe.invoices.list({ customer: customerId, limit }));
      return invoices.data.map(invoiceSummary);
    },

    async refundInvoice(invoiceId, idempotencyKey) {
      const payments = await call("read the invoice's payment", () =>
        stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }),
      );
      const paid = payments.data.find((payment) => payment.status === "paid") ?? payments.data[0];
      const paymentIntent = id(paid?.payment.payment_intent);
      const charge = id(paid?.payment.charge);
      if (!paymentIntent && !charge) throw new PaymentError("Stripe has no payment to refund for this invoice.");
      const refund = await call("refund the payment", () =>
        stripe.refunds.create(
          paymentIntent
            ? { payment_intent: paymentIntent, reason: "requested_by_customer" }
            : { charge: charge!, reason: "requested_by_customer" },
          { idempotencyKey },
        ),
      );
      return { id: refund.id, amount: refund.amount, currency: refund.currency, status: refund.status };
    },

    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw new WebhookSignatureError("No webhook signing secret is configured.");
      if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "The signature does not match.");
      }
      // The SDK refuses a timestamp too far in the past only; the signature covers it, so a later one is no clock
      // skew but a delivery signed to be replayed later.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError("The signature's timestamp is in the future.");
      return paymentEvent(event);
    },

    async syncCatalog(products) {
      const report: CatalogSyncReport = { products: [], prices: [] };
      const existing: Stripe.Product[] = [];
      for await (const product of stripe.products.list({ limit: 100 })) existing.push(product);
      for (const product of products) {
        const synced = await syncProduct(product, existing);
        report.products.push(synced);
        const current = await stripe.prices.list({
          lookup_keys: product.prices.map((price) => price.lookupKey),
          limit: 100,
        });
        for (const wanted of product.prices) {
          const price = current.data.find((candidate) => candidate.lookup_key === wanted.lookupKey);
          const same =
            price &&
            price.active &&
            id(price.product) === synced.id &&
            price.unit_amount === wanted.unitAmount &&
            price.currency === wanted.currency &&
            price.recurring?.interval === wanted.interval;
          if (same) {
            report.prices.push({ lookupKey: wanted.lookupKey, id: price.id, action: "unchanged" });
            continue;
          }
          // A price's amount cannot change: a new one takes over the lookup key and the old one is archived.
          const created = await stripe.prices.create({
            product: synced.id,
            currency: wanted.currency,
            unit_amount: wanted.unitAmount,
            recurring: { interval: wanted.interval },
            lookup_key: wanted.lookupKey,
            transfer_lookup_key: true,
          });
          if (price?.active) await stripe.prices.update(price.id, { active: false });
          report.prices.push({ lookupKey: wanted.lookupKey, id: created.id, action: price ? "replaced" : "created" });
        }
      }
      return report;
    },
  };
}
