// Stripe's webhook: verified on the raw body, processed once per event id, and robust to events arriving out of order
// or twice (ADR 021). Each event only says "look again": the subscription's current state is fetched from Stripe and
// applied if it is newer than what is stored. Emails go through the job queue so Stripe never waits on them.
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import {
  configuredPayments,
  type PaymentEvent,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from "~/services/payments/index.server";
import { enqueueBillingNotice } from "./billing-jobs.server";
import { applySubscriptionState, recordFirstPayment } from "./billing.server";

export type WebhookOutcome = "processed" | "duplicate";

export const FUTURE_EVENT =
  "This event is dated more than 5 minutes in the future, so it was refused. Check the sending server's clock.";

/**
 * Verifies and handles one delivery. A bad signature is a 400 refusal and changes nothing, and so is an event whose
 * `created` is more than WEBHOOK_TOLERANCE_SECONDS ahead: a delivery may come days after its event (retries), never
 * before it, and the event's date is kept and used (a first payment's date when its invoice has none).
 */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookOutcome> {
  const provider = configuredPayments();
  if (!provider) throw new ExpectedError("Payments are not set up on this server.", 404);
  let event: PaymentEvent;
  try {
    event = provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ExpectedError("Invalid Stripe signature.", 400);
    throw error;
  }
  if (event.created.getTime() - Date.now() > WEBHOOK_TOLERANCE_SECONDS * 1000)
    throw new ExpectedError(FUTURE_EVENT, 400);
  const database = await db();
  if (await database.processedStripeEvent.findUnique({ where: { id: event.id } })) return "duplicate";
  const notices = await processEvent(event);
  // Recorded after the work: a crash in between makes Stripe deliver again, and the work is safe to repeat (state
  // is re-read and applied only if newer). Only the delivery that records the id sends the emails.
  const { count } = await database.processedStripeEvent.createMany({
    data: [
      { id: event.id, type: event.type === "ignored" ? event.platformType : event.type, createdAt: event.created },
    ],
    skipDuplicates: true,
  });
  if (count === 0) return "duplicate";
  for (const notice of notices) await notice();
  return "processed";
}

/** Re-reads a subscription from Stripe and applies it; what changed, or null. */
async function refreshSubscription(subscriptionId: string, userIdHint?: string | null) {
  const provider = configuredPayments()!;
  const observedAt = new Date();
  const state = await provider.getSubscription(subscriptionId);
  if (!state) return null;
  const change = await applySubscriptionState(state, observedAt, userIdHint);
  return change ? { ...change, state } : null;
}

type Notice = () => Promise<void>;

async function processEvent(event: PaymentEvent): Promise<Notice[]> {
  const notices: Notice[] = [];
  const announceChange = (change: Awaited<ReturnType<typeof refreshSubscription>>) => {
    if (!change || change.before === change.after) return;
    if (change.after === "FREE") {
      notices.push(() => enqueueBillingNotice({ kind: "ended", userId: change.userId, plan: change.before }, event.id));
    }
  };
  switch (event.type) {
    case "checkout.session.completed": {
      const { session } = event;
      if (session.userId && session.customerId) await linkCustomer(session.userId, session.customerId);
      if (session.subscriptionId) announceChange(await refreshSubscription(session.subscriptionId, session.userId));
      break;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      announceChange(await refreshSubscription(event.subscription.id));
      break;
    case "invoice.paid": {
      const { invoice } = event;
      if (!invoice.subscriptionId) break;
      announceChange(await refreshSubscription(invoice.subscriptionId));
      if (await recordFirstPayment(invoice, invoice.paidAt ?? event.created)) {
        const account = await (
          await db()
        ).billingAccount.findUnique({
          where: { subscriptionId: invoice.subscriptionId },
          include: { user: { select: { plan: true } } },
        });
        if (account && account.user.plan !== "FREE") {
          const { userId } = account;
          const plan = account.user.plan;
          notices.push(() => enqueueBillingNotice({ kind: "confirmed", userId, plan }, event.id));
        }
      }
      break;
    }
    case "invoice.payment_failed": {
      const { invoice } = event;
      if (!invoice.subscriptionId) break;
      const change = await refreshSubscription(invoice.subscriptionId);
      announceChange(change);
      // Only while Stripe still retries (past_due): a payment that has since gone through needs no email.
      if (change?.state.status === "past_due") {
        const { userId, after } = change;
        notices.push(() =>
          enqueueBillingNotice(
            { kind: "payment-failed", userId, plan: after, invoiceUrl: invoice.hostedInvoiceUrl },
            event.id,
          ),
        );
      }
      break;
    }
    case "ignored":
      break;
  }
  return notices;
}

/** The customer a checkout used belongs to the user who started it (client_reference_id). */
async function linkCustomer(userId: string, customerId: string) {
  const database = await db();
  const user = await database.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) return;
  await database.billingAccount.upsert({
    where: { userId },
    create: { userId, stripeCustomerId: customerId },
    update: {},
  });
}
