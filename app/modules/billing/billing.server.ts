// Billing: checkout, the Customer Portal, invoices, the 7-day refund, and bringing Stripe's subscription state into
// the account (ADR 021). Stripe is the source of truth: the plan changes only from a state read from Stripe (a
// verified webhook, then a fetch of the subscription), never on a browser's redirect.
import { randomUUID } from "node:crypto";
import { type BillingPeriod, planById } from "~/content/plans";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { appOrigin } from "~/config/env.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import {
  configuredPayments,
  type InvoiceSummary,
  PaymentError,
  type PaymentProvider,
  type SubscriptionState,
} from "~/services/payments/index.server";
import { formatDate } from "~/utils/dates";
import { recordAudit } from "~/modules/audit/audit.server";
import { enqueueBillingNotice } from "./billing-jobs.server";
import { LIVE_STATUSES, lookupKeyFor, type PaidPlanId, planForLookupKey, REFUND_WINDOW_DAYS } from "./catalog";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("billing");

export const PAYMENTS_NOT_SET_UP = "Payments are not set up on this server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether card payment is available (STRIPE_SECRET_KEY is set). */
export const paymentsEnabled = () => configuredPayments() !== null;

function payments(): PaymentProvider {
  const provider = configuredPayments();
  if (!provider) throw new ExpectedError(`${PAYMENTS_NOT_SET_UP}.`, 409);
  return provider;
}

/** A Stripe failure the user can retry, as a 502 refusal; the details go to the log. */
async function askStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    log.error(error.message);
    throw new ExpectedError("Stripe could not be reached just now. Please try again in a minute.", 502);
  }
}

async function customerFor(provider: PaymentProvider, userId: string): Promise<string> {
  const database = await db();
  const existing = await database.billingAccount.findUnique({ where: { userId } });
  if (existing) return existing.stripeCustomerId;
  const user = await database.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, firstName: true, lastName: true },
  });
  // The same key for the same user: two checkouts started at once make one customer.
  const customer = await provider.createCustomer(
    { email: user.email, name: `${user.firstName} ${user.lastName}`, userId },
    `voxlate-customer-${userId}`,
  );
  const account = await database.billingAccount.upsert({
    where: { userId },
    create: { userId, stripeCustomerId: customer.id },
    update: {},
  });
  return account.stripeCustomerId;
}

export type CheckoutStart = { kind: "checkout"; url: string } | { kind: "portal"; url: string };

/**
 * Sends the user to Stripe Checkout for a plan and period. A subscriber already paying goes to the Customer Portal
 * instead, where Stripe changes the plan or period with proration.
 */
export async function startCheckout(userId: string, plan: PaidPlanId, period: BillingPeriod): Promise<CheckoutStart> {
  const provider = payments();
  const database = await db();
  const account = await database.billingAccount.findUnique({ where: { userId } });
  if (account?.subscriptionId && account.subscriptionStatus && LIVE_STATUSES.has(account.subscriptionStatus)) {
    return { kind: "portal", url: await portalUrl(userId) };
  }
  const lookupKey = lookupKeyFor(plan, period);
  return askStripe(async () => {
    const price = (await provider.pricesByLookupKey([lookupKey])).get(lookupKey);
    if (!price) {
      log.error(`no active Stripe price with lookup key ${lookupKey}: run npm run billing:sync`);
      throw new ExpectedError("This plan cannot be bought just now. Please try again later.", 502);
    }
    const customerId = await customerFor(provider, userId);
    const origin = appOrigin();
    // One session per user, price and 10 minutes: a double click or a resent form opens the same checkout.
    const window = Math.floor(Date.now() / (10 * 60 * 1000));
    const session = await provider.createCheckoutSession({
      customerId,
      priceId: price.id,
      userId,
      successUrl: `${origin}/plan-selection?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/plan-selection?checkout=cancelled`,
      idempotencyKey: `voxlate-checkout-${userId}-${lookupKey}-${window}`,
    });
    await database.billingAccount.update({
      where: { userId },
      data: { pendingCheckoutSessionId: session.id, pendingLookupKey: lookupKey },
    });
    return { kind: "checkout", url: session.url };
  });
}

/** Where the success page stands: still waiting for Stripe's webhook, or confirmed. */
export async function checkoutProgress(
  userId: string,
  sessionId: string | null,
): Promise<{ state: "processing" | "confirmed" | "unknown"; plan: string; period: BillingPeriod | null }> {
  const database = await db();
  const [user, account] = await Promise.all([
    database.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true, planSource: true } }),
    database.billingAccount.findUnique({ where: { userId } }),
  ]);
  const bought = planForLookupKey(account?.subscriptionLookupKey ?? null);
  if (account?.pendingCheckoutSessionId && account.pendingCheckoutSessionId === sessionId) {
    return { state: "processing", plan: user.plan, period: null };
  }
  if (user.planSource === "STRIPE" && user.plan !== "FREE") {
    return { state: "confirmed", plan: user.plan, period: bought?.period ?? null };
  }
  return { state: "unknown", plan: user.plan, period: null };
}

/** The user left Checkout without paying: nothing is pending any more. */
export async function abandonCheckout(userId: string): Promise<void> {
  await (
    await db()
  ).billingAccount.updateMany({
    where: { userId },
    data: { pendingCheckoutSessionId: null, pendingLookupKey: null },
  });
}

/** A Customer Portal session for the user (change plan or period, card, cancel, invoices). */
export async function portalUrl(userId: string): Promise<string> {
  const provider = payments();
  const account = await (await db()).billingAccount.findUnique({ where: { userId } });
  if (!account) throw new ExpectedError("There is no billing to manage yet: choose a paid plan first.", 409);
  return askStripe(async () => {
    const session = await provider.createPortalSession({
      customerId: account.stripeCustomerId,
      returnUrl: `${appOrigin()}/account`,
    });
    return session.url;
  });
}

export interface BillingSummary {
  paymentsEnabled: boolean;
  /** A Stripe customer exists: the portal can open. */
  canManage: boolean;
  status: string | null;
  plan: string;
  planSource: "FREE" | "STRIPE" | "MANUAL";
  planUntil: Date | null;
  period: BillingPeriod | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDue: boolean;
  /** The last day a refund can be asked for, while it still can. */
  refundableUntil: Date | null;
  refundedAt: Date | null;
}

/** What the account page and the app shell show about billing. No call to Stripe. */
export async function billingSummary(userId: string, now = new Date()): Promise<BillingSummary> {
  const database = await db();
  const [user, account] = await Promise.all([
    database.user.findUniqueOrThrow({
      where: { id: userId },
      select: { plan: true, planSource: true, planUntil: true },
    }),
    database.billingAccount.findUnique({ where: { userId } }),
  ]);
  const live = Boolean(account?.subscriptionStatus && LIVE_STATUSES.has(account.subscriptionStatus));
  const refundDeadline = account?.firstPaymentAt
    ? new Date(account.firstPaymentAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS)
    : null;
  return {
    paymentsEnabled: paymentsEnabled(),
    canManage: paymentsEnabled() && Boolean(account),
    status: account?.subscriptionStatus ?? null,
    plan: user.plan,
    planSource: user.planSource,
    planUntil: user.planUntil,
    period: planForLookupKey(account?.subscriptionLookupKey ?? null)?.period ?? null,
    currentPeriodEnd: live ? (account?.currentPeriodEnd ?? null) : null,
    cancelAtPeriodEnd: live && Boolean(account?.cancelAtPeriodEnd),
    pastDue: account?.subscriptionStatus === "past_due",
    refundableUntil:
      live && refundDeadline && refundDeadline > now && !account?.refundedAt && user.planSource === "STRIPE"
        ? refundDeadline
        : null,
    refundedAt: account?.refundedAt ?? null,
  };
}

/** The customer's invoices with Stripe's hosted pages; an empty list when Stripe cannot be reached (logged). */
export async function recentInvoices(userId: string): Promise<{ invoices: InvoiceSummary[]; failed: boolean }> {
  const provider = configuredPayments();
  const account = await (await db()).billingAccount.findUnique({ where: { userId } });
  if (!provider || !account) return { invoices: [], failed: false };
  try {
    const invoices = await provider.listInvoices(account.stripeCustomerId, 12);
    return { invoices: invoices.filter((invoice) => invoice.status !== "draft"), failed: false };
  } catch (error) {
    log.error({ err: error }, "could not read invoices");
    return { invoices: [], failed: true };
  }
}

/**
 * The 7-day money-back guarantee: within 7 days of the first payment of the subscription, refunds that payment in
 * full, cancels the subscription at once (the account falls to Free and keeps its recordings) and emails a receipt.
 */
export async function requestRefund(userId: string, now = new Date()) {
  const provider = payments();
  const database = await db();
  const account = await database.billingAccount.findUnique({ where: { userId } });
  const user = await database.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  if (!account?.subscriptionId || !account.firstPaymentAt || !account.firstPaymentInvoiceId) {
    throw new ExpectedError("There is no payment to refund on this account.", 409);
  }
  if (account.refundedAt) throw new ExpectedError("This payment was already refunded.", 409);
  const deadline = new Date(account.firstPaymentAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  if (now > deadline) {
    throw new ExpectedError(
      `The 7-day money-back guarantee ended on ${formatDate(deadline, "date")}. ` +
        "You can still cancel in Manage billing: your plan then runs until the end of the period you paid for.",
      409,
    );
  }
  const invoiceId = account.firstPaymentInvoiceId;
  const subscriptionId = account.subscriptionId;
  const refund = await askStripe(() => provider.refundInvoice(invoiceId, `voxlate-refund-${invoiceId}`));
  await database.billingAccount.update({ where: { userId }, data: { refundedAt: now } });
  const state = await askStripe(() => provider.cancelSubscriptionNow(subscriptionId));
  await applySubscriptionState(state, new Date());
  await enqueueBillingNotice(
    { kind: "refunded", userId, plan: user.plan, amount: refund.amount, currency: refund.currency },
    refund.id,
  );
  return refund;
}

type Tx = Prisma.TransactionClient;

/**
 * Brings a subscription's state, read from Stripe at `observedAt`, into the account. Returns the plan before and
 * after, or null when the state was not applied:
 * - state observed before the one already stored (an older fetch finishing late) is dropped;
 * - a subscription other than the account's current one is applied only if it is live and the current one is not,
 *   or it is newer (a late event about an old, cancelled subscription never undoes a new one).
 */
export async function applySubscriptionState(
  state: SubscriptionState,
  observedAt: Date,
  userIdHint?: string | null,
): Promise<{ userId: string; before: string; after: string } | null> {
  const database = await db();
  const result = await database.$transaction(async (tx: Tx) => {
    const account =
      (await tx.billingAccount.findUnique({ where: { subscriptionId: state.id } })) ??
      (await tx.billingAccount.findUnique({ where: { stripeCustomerId: state.customerId } })) ??
      (userIdHint ? await tx.billingAccount.findUnique({ where: { userId: userIdHint } }) : null);
    if (!account) {
      log.warn(`subscription ${state.id} of unknown customer ${state.customerId}: ignored`);
      return null;
    }
    await tx.$queryRaw`SELECT 1 FROM "BillingAccount" WHERE "userId" = ${account.userId} FOR UPDATE`;
    const fresh = await tx.billingAccount.findUniqueOrThrow({ where: { userId: account.userId } });
    const live = LIVE_STATUSES.has(state.status);
    if (fresh.subscriptionId && fresh.subscriptionId !== state.id) {
      const currentLive = Boolean(fresh.subscriptionStatus && LIVE_STATUSES.has(fresh.subscriptionStatus));
      const newer = !fresh.subscriptionCreatedAt || state.created > fresh.subscriptionCreatedAt;
      if (!live || (currentLive && !newer)) return null;
    } else if (fresh.stateAt && observedAt < fresh.stateAt) {
      return null;
    }
    const user = await tx.user.findUniqueOrThrow({
      where: { id: account.userId },
      select: { plan: true, planSource: true },
    });
    const bought = planForLookupKey(state.lookupKey);
    const sameSubscription = fresh.subscriptionId === state.id;
    await tx.billingAccount.update({
      where: { userId: account.userId },
      data: {
        subscriptionId: state.id,
        subscriptionStatus: state.status,
        subscriptionPriceId: state.priceId,
        subscriptionLookupKey: state.lookupKey,
        subscriptionCreatedAt: state.created,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stateAt: observedAt,
        // A new subscription starts a new guarantee.
        ...(sameSubscription ? {} : { firstPaymentAt: null, firstPaymentInvoiceId: null, refundedAt: null }),
        ...(live ? { pendingCheckoutSessionId: null, pendingLookupKey: null } : {}),
      },
    });
    let after = user.plan;
    if (live && bought) {
      after = bought.plan;
      await tx.user.update({
        where: { id: account.userId },
        data: { plan: bought.plan, planSource: "STRIPE", planUntil: null, requestedPlan: null },
      });
    } else if (!live && state.status !== "incomplete" && user.planSource === "STRIPE") {
      // Ended (cancelled at period end, refunded, or unpaid after Stripe's retries): Free, and every recording stays.
      after = "FREE";
      await tx.user.update({ where: { id: account.userId }, data: { plan: "FREE", planSource: "FREE" } });
    }
    return { userId: account.userId, before: user.plan, after };
  });
  if (result && result.before !== result.after) {
    const detail = `${planName(result.before)} → ${planName(result.after)}`;
    await recordAudit({
      action: "plan.changed",
      actorId: result.userId,
      target: { kind: "user", id: result.userId, label: detail },
      ip: "Stripe",
      userAgent: "payment webhook",
    });
  }
  return result;
}

/** The first paid invoice of the current subscription starts the money-back guarantee. */
export async function recordFirstPayment(invoice: InvoiceSummary, paidAt: Date): Promise<boolean> {
  if (!invoice.subscriptionId || invoice.billingReason !== "subscription_create") return false;
  const { count } = await (
    await db()
  ).billingAccount.updateMany({
    where: { subscriptionId: invoice.subscriptionId, firstPaymentInvoiceId: null },
    data: { firstPaymentAt: paidAt, firstPaymentInvoiceId: invoice.id },
  });
  return count > 0;
}

/** The plan the user is on now, for the plan selection page. */
export async function currentPlan(userId: string) {
  return (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
}

/** Choosing Free without a subscription: forgets the paid plan asked for at sign-up. */
export async function stayOnFree(userId: string): Promise<void> {
  await (await db()).user.update({ where: { id: userId }, data: { requestedPlan: null } });
}

export const planName = (plan: string) => planById(plan).name;

/** The account page's billing section: the subscription as stored, and the invoices from Stripe. */
export async function accountBilling(userId: string) {
  const [summary, { invoices, failed }] = await Promise.all([billingSummary(userId), recentInvoices(userId)]);
  return {
    ...summary,
    invoicesFailed: failed,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      amount: invoice.status === "paid" ? invoice.amountPaid : invoice.amountDue,
      currency: invoice.currency,
      created: invoice.created,
      url: invoice.hostedInvoiceUrl,
    })),
  };
}

export type AccountBilling = Awaited<ReturnType<typeof accountBilling>>;

/**
 * Bills `quantity` seats on the account's subscription (ADR 035-teams): the subscription item's quantity, which
 * Stripe prorates for the rest of the period. Refused (409, with the way on) when there is nothing to bill them on:
 * no card payments on this server, a plan an administrator granted, or no live subscription.
 */
export async function billSeatQuantity(userId: string, quantity: number): Promise<void> {
  const database = await db();
  const [user, account] = await Promise.all([
    database.user.findUniqueOrThrow({ where: { id: userId }, select: { planSource: true } }),
    database.billingAccount.findUnique({ where: { userId } }),
  ]);
  if (!paymentsEnabled() || user.planSource === "MANUAL")
    throw new ExpectedError(
      "Seats on this server are granted by its administrator (npm run plan:set -- --workspace … --seats …).",
      409,
    );
  const subscriptionId = account?.subscriptionId;
  if (!subscriptionId || !account.subscriptionStatus || !LIVE_STATUSES.has(account.subscriptionStatus))
    throw new ExpectedError("Seats are billed on the owner's Business Pro subscription: choose the plan first.", 409);
  const provider = payments();
  // A fresh key each time: the SDK reuses it for its own retries, and a change back and forth must not be replayed.
  await askStripe(() => provider.setSubscriptionQuantity(subscriptionId, quantity, `voxlate-seats-${randomUUID()}`));
}
