// A fake of the parts of Stripe's API Voxlate calls, built from Stripe's documented request and response shapes
// (https://docs.stripe.com/api: Customers, Products, Prices, Checkout Sessions, Subscriptions, Invoices, Invoice
// Payments, Refunds, Billing Portal Sessions, Events). Requests are form-encoded with bracketed keys, answers are
// JSON objects with `object` and `id`, lists are `{ object: "list", data, has_more, url }`, and errors are
// `{ error: { type, code, message, param } }` with Stripe's statuses. The fake keeps state, so a test can play what
// happens on Stripe's side (a customer pays, a renewal fails, a period ends) and deliver the signed events.
// MSW serves it inside Vitest (stripeHandlers); tests/mocks/stripe-server.ts serves it over HTTP to a server process.
import crypto from "node:crypto";
import { http, HttpResponse } from "msw";
import Stripe from "stripe";

export const STRIPE_TEST_SECRET_KEY = "sk_test_voxlate_fake";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_voxlate_fake";
export const STRIPE_API_ORIGIN = "https://api.stripe.com";

type StripeObject = Record<string, unknown> & { id: string; object: string };
type Params = Record<string, unknown>;

export interface FakeStripeResponse {
  status: number;
  body: unknown;
}

const DAY = 24 * 60 * 60;
const INTERVAL_SECONDS = { week: 7 * DAY, month: 30 * DAY } as const;

/** `a[b][0]=x` form and query keys as Stripe's SDK writes them, back into objects and arrays. */
export function parseStripeParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

const stripeError = (status: number, message: string, code: string | null = null, param: string | null = null) => ({
  status,
  body: { error: { type: "invalid_request_error", code, message, param } },
});

export class FakeStripe {
  customers = new Map<string, StripeObject>();
  products = new Map<string, StripeObject>();
  prices = new Map<string, StripeObject>();
  sessions = new Map<string, StripeObject>();
  subscriptions = new Map<string, StripeObject>();
  invoices = new Map<string, StripeObject>();
  invoicePayments = new Map<string, StripeObject>();
  refunds = new Map<string, StripeObject>();
  portalSessions = new Map<string, StripeObject>();
  /**
   * Quantity changes made with proration (POST /v1/subscription_items/:id with proration_behavior): Stripe adds the
   * difference for the rest of the period to the next invoice as proration items; the fake keeps what was asked.
   */
  prorations: { subscription: string; item: string; from: number; to: number; behavior: string }[] = [];
  /** Every API call received, for assertions: method, path, params and the Idempotency-Key header. */
  requests: { method: string; path: string; params: Params; idempotencyKey: string | null }[] = [];
  private idempotent = new Map<string, FakeStripeResponse>();
  private counter = 0;
  /** Stripe's clock in seconds; tests may move it. */
  now = () => Math.floor(Date.now() / 1000);

  /** @param hostedBase where the fake's hosted pages (Checkout, portal, invoices) live. */
  constructor(readonly hostedBase = "https://checkout.stripe.com") {}

  reset() {
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.sessions,
      this.subscriptions,
      this.invoices,
      this.invoicePayments,
      this.refunds,
      this.portalSessions,
    ]) {
      map.clear();
    }
    this.requests = [];
    this.prorations = [];
    this.idempotent.clear();
  }

  private newId(prefix: string) {
    this.counter += 1;
    return `${prefix}_test${this.counter.toString(36)}${crypto.randomBytes(6).toString("hex")}`;
  }

  private list(data: StripeObject[], url: string) {
    return { object: "list", data, has_more: false, url };
  }

  /** Puts the Products and Prices of a catalog in place, as `npm run billing:sync` would. */
  seedPrice(lookupKey: string, unitAmount: number, interval: "week" | "month", productName = "Voxlate plan") {
    const product: StripeObject = {
      id: this.newId("prod"),
      object: "product",
      active: true,
      name: productName,
      description: null,
      metadata: {},
      created: this.now(),
      livemode: false,
    };
    this.products.set(product.id, product);
    const price = this.createPrice({
      product: product.id,
      currency: "usd",
      unit_amount: String(unitAmount),
      recurring: { interval },
      lookup_key: lookupKey,
    });
    return price;
  }

  private createPrice(params: Params): StripeObject {
    const recurring = params.recurring as { interval: "week" | "month" };
    const price: StripeObject = {
      id: this.newId("price"),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: this.now(),
      currency: params.currency,
      livemode: false,
      lookup_key: params.lookup_key ?? null,
      metadata: {},
      nickname: null,
      product: params.product,
      recurring: { interval: recurring.interval, interval_count: 1, usage_type: "licensed" },
      type: "recurring",
      unit_amount: Number(params.unit_amount),
    };
    if (params.transfer_lookup_key === "true") {
      for (const other of this.prices.values()) if (other.lookup_key === price.lookup_key) other.lookup_key = null;
    } else if ([...this.prices.values()].some((other) => other.lookup_key && other.lookup_key === price.lookup_key)) {
      throw Object.assign(new Error("lookup key taken"), {
        response: stripeError(
          400,
          `A price (\`${price.lookup_key}\`) already uses that lookup key.`,
          null,
          "lookup_key",
        ),
      });
    }
    this.prices.set(price.id, price);
    return price;
  }

  /** Answers one API call. */
  handle(
    method: string,
    path: string,
    params: Params,
    headers: { authorization: string | null; idempotencyKey: string | null },
  ): FakeStripeResponse {
    if (headers.authorization !== `Bearer ${STRIPE_TEST_SECRET_KEY}`) {
      return {
        status: 401,
        body: { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_***" } },
      };
    }
    this.requests.push({ method, path, params, idempotencyKey: headers.idempotencyKey });
    const replayKey = headers.idempotencyKey && method === "POST" ? `${path} ${headers.idempotencyKey}` : null;
    if (replayKey && this.idempotent.has(replayKey)) return this.idempotent.get(replayKey)!;
    let response: FakeStripeResponse;
    try {
      response = this.route(method, path, params);
    } catch (error) {
      const failure = (error as { response?: FakeStripeResponse }).response;
      if (!failure) throw error;
      response = failure;
    }
    if (replayKey && response.status < 500) this.idempotent.set(replayKey, response);
    return response;
  }

  private route(method: string, path: string, params: Params): FakeStripeResponse {
    const ok = (body: unknown) => ({ status: 200, body });
    const missing = (kind: string, id: string) =>
      stripeError(404, `No such ${kind}: '${id}'`, "resource_missing", "id");
    const segments = path.replace(/^\/v1\//, "").split("/");
    const [resource, id] = segments;
    const key = `${method} ${resource === "checkout" || resource === "billing_portal" ? `${resource}/${id}` : resource}`;
    switch (key) {
      case "POST customers": {
        if (id) return ok(this.customers.get(id) ?? missing("customer", id));
        const customer: StripeObject = {
          id: this.newId("cus"),
          object: "customer",
          created: this.now(),
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          livemode: false,
        };
        this.customers.set(customer.id, customer);
        return ok(customer);
      }
      case "GET customers":
        return this.customers.has(id!) ? ok(this.customers.get(id!)) : missing("customer", id!);
      case "GET products":
        return ok(this.list([...this.products.values()], "/v1/products"));
      case "POST products": {
        if (id) {
          const product = this.products.get(id);
          if (!product) return missing("product", id);
          Object.assign(product, params, params.active ? { active: params.active === "true" } : {});
          return ok(product);
        }
        const product: StripeObject = {
          id: this.newId("prod"),
          object: "product",
          active: true,
          created: this.now(),
          name: params.name,
          description: params.description ?? null,
          metadata: params.metadata ?? {},
          livemode: false,
        };
        this.products.set(product.id, product);
        return ok(product);
      }
      case "GET prices": {
        const keys = (params.lookup_keys as string[] | undefined) ?? null;
        const prices = [...this.prices.values()].filter(
          (price) =>
            (!keys || keys.includes(price.lookup_key as string)) &&
            (params.active === undefined || String(price.active) === params.active),
        );
        return ok(this.list(prices, "/v1/prices"));
      }
      case "POST prices": {
        if (id) {
          const price = this.prices.get(id);
          if (!price) return missing("price", id);
          if (params.active !== undefined) price.active = params.active === "true";
          return ok(price);
        }
        return ok(this.createPrice(params));
      }
      case "POST checkout/sessions": {
        const customer = params.customer as string;
        if (!this.customers.has(customer))
          return stripeError(400, `No such customer: '${customer}'`, "resource_missing", "customer");
        const lineItems = params.line_items as { price: string; quantity: string }[] | undefined;
        const price = lineItems?.[0] ? this.prices.get(lineItems[0].price) : undefined;
        if (!price?.active) return stripeError(400, "No such price", "resource_missing", "line_items[0][price]");
        if (params.mode !== "subscription") return stripeError(400, "Only subscription mode is faked", null, "mode");
        const sessionId = this.newId("cs");
        const session: StripeObject = {
          id: sessionId,
          object: "checkout.session",
          mode: "subscription",
          status: "open",
          payment_status: "unpaid",
          customer,
          client_reference_id: params.client_reference_id ?? null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          subscription: null,
          invoice: null,
          currency: price.currency,
          amount_total: price.unit_amount,
          metadata: params.metadata ?? {},
          created: this.now(),
          expires_at: this.now() + DAY,
          livemode: false,
          url: `${this.hostedBase}/c/pay/${sessionId}`,
          // Not part of Stripe's object: kept to complete the checkout later.
          __price: price.id,
          __subscriptionMetadata: (params.subscription_data as Params | undefined)?.metadata ?? {},
        };
        this.sessions.set(session.id, session);
        return ok(this.visible(session));
      }
      case "GET checkout/sessions":
        return this.sessions.has(segments[2]!)
          ? ok(this.visible(this.sessions.get(segments[2]!)!))
          : missing("checkout.session", segments[2]!);
      case "GET subscriptions":
        return this.subscriptions.has(id!) ? ok(this.subscriptions.get(id!)) : missing("subscription", id!);
      case "POST subscriptions": {
        const subscription = this.subscriptions.get(id!);
        if (!subscription) return missing("subscription", id!);
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        }
        return ok(subscription);
      }
      case "POST subscription_items": {
        // https://docs.stripe.com/api/subscription_items/update: quantity (a non-negative integer) and
        // proration_behavior (create_prorations, the default; always_invoice; none); answers the subscription_item.
        const found = [...this.subscriptions.values()]
          .map((subscription) => ({
            subscription,
            item: (subscription.items as { data: StripeObject[] }).data.find((candidate) => candidate.id === id),
          }))
          .find((entry) => entry.item);
        if (!found?.item) return missing("subscription_item", id!);
        const quantity = Number(params.quantity);
        if (params.quantity !== undefined && (!Number.isInteger(quantity) || quantity < 0))
          return stripeError(400, "Invalid non-negative integer", "parameter_invalid_integer", "quantity");
        const behavior = (params.proration_behavior as string | undefined) ?? "create_prorations";
        if (!["create_prorations", "always_invoice", "none"].includes(behavior))
          return stripeError(
            400,
            `Invalid proration_behavior: ${behavior}`,
            "parameter_invalid_empty",
            "proration_behavior",
          );
        if (params.quantity !== undefined) {
          this.prorations.push({
            subscription: found.subscription.id,
            item: found.item.id,
            from: found.item.quantity as number,
            to: quantity,
            behavior,
          });
          found.item.quantity = quantity;
        }
        return ok({ ...found.item, subscription: found.subscription.id });
      }
      case "DELETE subscriptions": {
        const subscription = this.subscriptions.get(id!);
        if (!subscription) return missing("subscription", id!);
        Object.assign(subscription, { status: "canceled", canceled_at: this.now(), ended_at: this.now() });
        return ok(subscription);
      }
      case "POST billing_portal/sessions": {
        const customer = params.customer as string;
        if (!this.customers.has(customer))
          return stripeError(400, `No such customer: '${customer}'`, "resource_missing", "customer");
        const session: StripeObject = {
          id: this.newId("bps"),
          object: "billing_portal.session",
          customer,
          return_url: params.return_url ?? null,
          created: this.now(),
          livemode: false,
          url: `${this.hostedBase}/p/session/${this.newId("portal")}`,
        };
        this.portalSessions.set(session.id, session);
        return ok(session);
      }
      case "GET invoices": {
        if (id) return this.invoices.has(id) ? ok(this.invoices.get(id)) : missing("invoice", id);
        const invoices = [...this.invoices.values()]
          .filter((invoice) => !params.customer || invoice.customer === params.customer)
          .sort((a, b) => (b.created as number) - (a.created as number));
        return ok(this.list(invoices.slice(0, Number(params.limit ?? 10)), "/v1/invoices"));
      }
      case "GET invoice_payments": {
        const payments = [...this.invoicePayments.values()].filter((payment) => payment.invoice === params.invoice);
        return ok(this.list(payments, "/v1/invoice_payments"));
      }
      case "POST refunds": {
        const paymentIntent = params.payment_intent as string | undefined;
        const payment = [...this.invoicePayments.values()].find(
          (candidate) => (candidate.payment as { payment_intent?: string }).payment_intent === paymentIntent,
        );
        if (!payment)
          return stripeError(400, `No such payment_intent: '${paymentIntent}'`, "resource_missing", "payment_intent");
        const refunded = [...this.refunds.values()].some((refund) => refund.payment_intent === paymentIntent);
        if (refunded) {
          return stripeError(400, `Charge for ${paymentIntent} has already been refunded.`, "charge_already_refunded");
        }
        const refund: StripeObject = {
          id: this.newId("re"),
          object: "refund",
          amount: params.amount ? Number(params.amount) : payment.amount_paid,
          currency: payment.currency,
          payment_intent: paymentIntent,
          charge: null,
          reason: params.reason ?? null,
          status: "succeeded",
          created: this.now(),
          metadata: {},
        };
        this.refunds.set(refund.id, refund);
        return ok(refund);
      }
      default:
        return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  /** The object without the fake's own bookkeeping fields. */
  private visible(object: StripeObject): StripeObject {
    return Object.fromEntries(Object.entries(object).filter(([name]) => !name.startsWith("__"))) as StripeObject;
  }

  // What happens on Stripe's side, played by tests.

  /** The customer pays on the Checkout page: the subscription starts and its first invoice is paid. */
  completeCheckout(sessionId: string, options: { paidAt?: number } = {}) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    const price = this.prices.get(session.__price as string)!;
    const start = options.paidAt ?? this.now();
    const interval = (price.recurring as { interval: "week" | "month" }).interval;
    const subscription: StripeObject = {
      id: this.newId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: price.currency,
      metadata: session.__subscriptionMetadata ?? {},
      latest_invoice: null,
      livemode: false,
      items: {
        object: "list",
        data: [
          {
            id: this.newId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + INTERVAL_SECONDS[interval],
          },
        ],
        has_more: false,
        url: "/v1/subscription_items",
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.createInvoice(subscription, "subscription_create", { paid: true, at: start });
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      invoice: invoice.id,
    });
    return { session: this.visible(session), subscription, invoice };
  }

  private createInvoice(
    subscription: StripeObject,
    billingReason: string,
    { paid, at }: { paid: boolean; at: number },
  ) {
    const item = (
      subscription.items as {
        data: { price: StripeObject; current_period_start: number; current_period_end: number }[];
      }
    ).data[0]!;
    const invoiceId = this.newId("in");
    const amount = item.price.unit_amount as number;
    const invoice: StripeObject = {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      currency: item.price.currency,
      number: `VOX-${this.invoices.size + 1001}`,
      billing_reason: billingReason,
      created: at,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `${this.hostedBase}/i/${invoiceId}`,
      invoice_pdf: `${this.hostedBase}/i/${invoiceId}/pdf`,
      livemode: false,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      status_transitions: {
        finalized_at: at,
        paid_at: paid ? at : null,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${invoiceId}/lines` },
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    if (paid) {
      const payment: StripeObject = {
        id: this.newId("inpay"),
        object: "invoice_payment",
        invoice: invoice.id,
        amount_paid: amount,
        amount_requested: amount,
        currency: invoice.currency,
        is_default: true,
        livemode: false,
        created: at,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: this.newId("pi") },
        status_transitions: { paid_at: at, canceled_at: null },
      };
      this.invoicePayments.set(payment.id, payment);
    }
    return invoice;
  }

  /** The next period begins: renewed and paid, or (paid: false) the renewal fails and the subscription is past_due. */
  renew(subscriptionId: string, { paid }: { paid: boolean }) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = (subscription.items as { data: { current_period_start: number; current_period_end: number }[] })
      .data[0]!;
    const length = item.current_period_end - item.current_period_start;
    item.current_period_start = item.current_period_end;
    item.current_period_end += length;
    const invoice = this.createInvoice(subscription, "subscription_cycle", { paid, at: item.current_period_start });
    subscription.status = paid ? "active" : "past_due";
    return { subscription, invoice };
  }

  /** Changes the subscription as the Customer Portal or Stripe's retries would (cancel_at_period_end, status…). */
  updateSubscription(subscriptionId: string, patch: Partial<{ status: string; cancel_at_period_end: boolean }>) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    Object.assign(subscription, patch);
    if (patch.status === "canceled") Object.assign(subscription, { canceled_at: this.now(), ended_at: this.now() });
    return subscription;
  }

  /** A Stripe Event wrapping a copy of the object as it is now. */
  event(type: string, object: StripeObject, created = this.now()) {
    return {
      id: this.newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(this.visible(object)) },
    };
  }
}

const signer = new Stripe(STRIPE_TEST_SECRET_KEY);

/**
 * The body and Stripe-Signature header Stripe would send for an event (signed with the SDK's test helper), signed now
 * or at `timestamp` (seconds).
 */
export function signedWebhook(event: object, secret = STRIPE_TEST_WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  return {
    body: payload,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    },
  };
}

/** MSW handlers that send every call to api.stripe.com/v1 to `fake`. */
export function stripeHandlers(fake: FakeStripe, origin = STRIPE_API_ORIGIN) {
  return [
    http.all(`${origin}/v1/*`, async ({ request }) => {
      const url = new URL(request.url);
      const params =
        request.method === "GET" || request.method === "DELETE"
          ? parseStripeParams(url.searchParams)
          : parseStripeParams(new URLSearchParams(await request.text()));
      const { status, body } = fake.handle(request.method, url.pathname, params, {
        authorization: request.headers.get("Authorization"),
        idempotencyKey: request.headers.get("Idempotency-Key"),
      });
      return HttpResponse.json(body as Record<string, unknown>, {
        status,
        headers: { "Request-Id": `req_${crypto.randomBytes(6).toString("hex")}` },
      });
    }),
  ];
}
