// @both-databases: the billing account's row lock (FOR UPDATE) against replayed webhooks in app/modules/billing/billing.server.ts
// Billing against a fake of Stripe's API (tests/mocks/stripe.ts, through MSW): checkout, the webhook (signature,
// replays, events out of order), cancelling at period end, a failed renewal, the 7-day refund, and the minutes
// following the paid period. The app is the production build, the database and queue are real.
import "./billing-env";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { lookupKeyFor } from "~/modules/billing/catalog";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { BILLING_NOTICE_QUEUE } from "~/modules/billing/billing-jobs.server";
import { EMAIL_QUEUE, readOutbox } from "~/modules/platform/email.server";
import { dataDir } from "~/config/env.server";
import { allowanceFor } from "~/modules/usage/usage.server";
import { fakeStripe } from "../mocks/handlers";
import { signedWebhook } from "../mocks/stripe";
import { appHandler, cookiesFrom } from "./app-handler";
import { signedInUser, testOutbox, waitFor, waitForEmail, waitForQueuesIdle } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

beforeEach(() => {
  fakeStripe.reset();
  fakeStripe.seedPrice(lookupKeyFor("PREMIUM", "weekly"), 449, "week", "Voxlate Premium");
  fakeStripe.seedPrice(lookupKeyFor("PREMIUM", "monthly"), 999, "month", "Voxlate Premium");
  fakeStripe.seedPrice(lookupKeyFor("BUSINESS_PRO", "weekly"), 949, "week", "Voxlate Business Pro");
  fakeStripe.seedPrice(lookupKeyFor("BUSINESS_PRO", "monthly"), 1999, "month", "Voxlate Business Pro");
});

const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
});

const pageText = async (cookie: string, url: string) =>
  (await (await app(url, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");

async function deliver(event: object) {
  const { body, headers } = signedWebhook(event);
  return app("/api/billing/webhook", { method: "POST", body, headers });
}

const account = async (userId: string) => {
  const database = await db();
  const [user, billing] = await Promise.all([
    database.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true, planSource: true } }),
    database.billingAccount.findUnique({ where: { userId } }),
  ]);
  return { ...user, billing };
};

/** Chooses a plan on the plans page: the answer is a 303 to Stripe Checkout. Returns the session. */
async function startCheckout(cookie: string, plan = "PREMIUM", billing = "monthly") {
  const response = await app("/plan-selection", form(cookie, { plan, billing }));
  expect(response.status).toBe(303);
  const session = [...fakeStripe.sessions.values()].at(-1)!;
  expect(response.headers.get("Location")).toBe(session.url);
  return session;
}

/** Pays on Stripe's side and delivers checkout.session.completed and invoice.paid. */
async function subscribe(user: { id: string; cookie: string }, options: { paidAt?: number; billing?: string } = {}) {
  const session = await startCheckout(user.cookie, "PREMIUM", options.billing ?? "monthly");
  const paid = fakeStripe.completeCheckout(session.id, { paidAt: options.paidAt });
  expect((await deliver(fakeStripe.event("checkout.session.completed", paid.session))).status).toBe(200);
  expect((await deliver(fakeStripe.event("invoice.paid", paid.invoice))).status).toBe(200);
  return paid;
}

describe("checkout", () => {
  test("the plans page sends the user to Stripe Checkout; only the webhook changes the plan", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const created = fakeStripe.requests.find((request) => request.path === "/v1/checkout/sessions")!;
    expect(created.params).toMatchObject({
      mode: "subscription",
      client_reference_id: user.id,
      line_items: [{ price: [...fakeStripe.prices.values()].find((p) => p.unit_amount === 999)!.id, quantity: "1" }],
      success_url: "http://localhost:3000/plan-selection?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/plan-selection?checkout=cancelled",
    });
    expect(created.idempotencyKey).toMatch(/^voxlate-checkout-/);
    expect(fakeStripe.customers.size).toBe(1);

    // Back from Checkout before the webhook: nothing has changed yet.
    const back = `/plan-selection?checkout=success&session_id=${session.id}`;
    expect(await pageText(user.cookie, back)).toContain("Payment processing…");
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });

    const paid = fakeStripe.completeCheckout(session.id);
    await deliver(fakeStripe.event("checkout.session.completed", paid.session));
    await deliver(fakeStripe.event("invoice.paid", paid.invoice));
    const after = await account(user.id);
    expect(after).toMatchObject({ plan: "PREMIUM", planSource: "STRIPE" });
    expect(after.billing).toMatchObject({
      subscriptionId: paid.subscription.id,
      subscriptionStatus: "active",
      subscriptionLookupKey: "voxlate_premium_monthly",
      firstPaymentInvoiceId: paid.invoice.id,
      pendingCheckoutSessionId: null,
    });
    const confirmed = await app(back, { headers: { Cookie: user.cookie } });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/plan-selection?checkout=confirmed&billing=monthly");
    await waitForEmail((await userEmail(user.id))!, /^Welcome to Voxlate Premium$/);

    // A second visit to the plans page reuses the customer and sends a subscriber to the portal.
    const again = await app("/plan-selection", form(user.cookie, { plan: "BUSINESS_PRO", billing: "monthly" }));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/p\/session\//);
    expect(fakeStripe.customers.size).toBe(1);
  });

  test("cancelling on Checkout returns with a toast and changes nothing", async () => {
    const user = await signedInUser();
    await startCheckout(user.cookie);
    const back = await app("/plan-selection?checkout=cancelled", { headers: { Cookie: user.cookie } });
    expect(back.status).toBe(302);
    const page = await pageText(`${user.cookie}; ${cookiesFrom(back)}`, "/plan-selection");
    expect(page).toContain("Checkout cancelled");
    expect(await account(user.id)).toMatchObject({ plan: "FREE", billing: { pendingCheckoutSessionId: null } });
  });
});

const userEmail = async (userId: string) =>
  (await (await db()).user.findUnique({ where: { id: userId }, select: { email: true } }))?.email;

describe("the webhook", () => {
  test("an event dated in the future, or a signature timestamped outside five minutes, is refused and changes nothing", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const paid = fakeStripe.completeCheckout(session.id);
    const now = Math.floor(Date.now() / 1000);
    const event = (created: number) => fakeStripe.event("checkout.session.completed", paid.session, created);

    const future = event(now + 10 * 60);
    const refused = await deliver(future);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error:
        "This event is dated more than 5 minutes in the future, so it was refused. Check the sending server's clock.",
    });
    const lateSignature = event(now);
    for (const timestamp of [now + 10 * 60, now - 10 * 60]) {
      const { body, headers } = signedWebhook(lateSignature, undefined, timestamp);
      const answer = await app("/api/billing/webhook", { method: "POST", body, headers });
      expect(answer.status, String(timestamp - now)).toBe(400);
      expect(await answer.json()).toEqual({ error: "Invalid Stripe signature." });
    }
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });
    const processed = await (
      await db()
    ).processedStripeEvent.count({ where: { id: { in: [future.id, lateSignature.id] } } });
    expect(processed).toBe(0);

    // A minute of clock difference either way is within the tolerance.
    const skewed = event(now + 60);
    const { body, headers } = signedWebhook(skewed, undefined, now + 60);
    expect((await app("/api/billing/webhook", { method: "POST", body, headers })).status).toBe(200);
    expect(await account(user.id)).toMatchObject({ plan: "PREMIUM" });
  });

  test("a bad signature is refused with 400 and changes nothing", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const paid = fakeStripe.completeCheckout(session.id);
    const event = fakeStripe.event("checkout.session.completed", paid.session);
    const { body, headers } = signedWebhook(event);

    const tampered = await app("/api/billing/webhook", {
      method: "POST",
      body: body.replace(user.id, "someone-else"),
      headers,
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ error: "Invalid Stripe signature." });
    const unsigned = await app("/api/billing/webhook", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    const wrongSecret = signedWebhook(event, "whsec_not_ours");
    expect((await app("/api/billing/webhook", { method: "POST", ...wrongSecret })).status).toBe(400);

    expect(await account(user.id)).toMatchObject({ plan: "FREE", billing: { subscriptionId: null } });
    expect(await (await db()).processedStripeEvent.count({ where: { id: event.id } })).toBe(0);
  });

  test("a replayed event is a no-op", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const paid = fakeStripe.completeCheckout(session.id);
    await deliver(fakeStripe.event("checkout.session.completed", paid.session));
    const invoicePaid = fakeStripe.event("invoice.paid", paid.invoice);
    const first = await deliver(invoicePaid);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await deliver(invoicePaid);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    const email = (await userEmail(user.id))!;
    await waitForEmail(email, /^Welcome to Voxlate Premium$/);
    // A second email would be queued by the replay or by a billing notice: once both queues are idle, none can come.
    await waitForQueuesIdle(BILLING_NOTICE_QUEUE, EMAIL_QUEUE);
    const welcomes = (await readOutbox(dataDir("mail"))).filter(
      (mail) => mail.to === email && mail.subject === "Welcome to Voxlate Premium",
    );
    expect(welcomes).toHaveLength(1);
  });

  test("events out of order: the state is read from Stripe, and older news never undoes newer", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const paid = fakeStripe.completeCheckout(session.id);
    const createdEvent = fakeStripe.event("customer.subscription.created", paid.subscription);
    // Later on Stripe's side: the user cancels at period end in the portal.
    fakeStripe.updateSubscription(paid.subscription.id, { cancel_at_period_end: true });
    const updatedEvent = fakeStripe.event("customer.subscription.updated", paid.subscription);

    // invoice.paid first, then the update, then the (older) created event, then checkout.session.completed.
    await deliver(fakeStripe.event("invoice.paid", paid.invoice));
    await deliver(updatedEvent);
    await deliver(createdEvent);
    await deliver(fakeStripe.event("checkout.session.completed", paid.session));
    expect(await account(user.id)).toMatchObject({
      plan: "PREMIUM",
      billing: { subscriptionStatus: "active", cancelAtPeriodEnd: true, firstPaymentInvoiceId: paid.invoice.id },
    });

    // The subscription ends; a new one starts; a late event about the old one arrives last.
    fakeStripe.updateSubscription(paid.subscription.id, { status: "canceled" });
    const oldDeleted = fakeStripe.event("customer.subscription.deleted", paid.subscription);
    await deliver(oldDeleted);
    expect(await account(user.id)).toMatchObject({ plan: "FREE", planSource: "FREE" });
    const second = await subscribe(user, { billing: "weekly" });
    expect(await account(user.id)).toMatchObject({
      plan: "PREMIUM",
      billing: { subscriptionId: second.subscription.id },
    });
    await deliver(fakeStripe.event("customer.subscription.updated", paid.subscription));
    expect(await account(user.id)).toMatchObject({
      plan: "PREMIUM",
      billing: { subscriptionId: second.subscription.id, subscriptionLookupKey: "voxlate_premium_weekly" },
    });

    // An event whose snapshot says "active" for a subscription Stripe has since cancelled: Stripe's state wins.
    const staleActive = fakeStripe.event("customer.subscription.updated", second.subscription);
    fakeStripe.updateSubscription(second.subscription.id, { status: "canceled" });
    await deliver(staleActive);
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });
  });

  test("a webhook for an unknown customer is acknowledged and changes nothing", async () => {
    const user = await signedInUser();
    const session = await startCheckout(user.cookie);
    const paid = fakeStripe.completeCheckout(session.id);
    fakeStripe.subscriptions.get(paid.subscription.id)!.customer = "cus_somebody_else";
    const response = await deliver(fakeStripe.event("customer.subscription.updated", paid.subscription));
    expect(response.status).toBe(200);
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });
  });
});

describe("the subscription's life", () => {
  test("cancel at period end keeps the plan until then; then Free, and every recording stays", async () => {
    const user = await signedInUser();
    const recording = await (
      await db()
    ).recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: "Board meeting",
        fileName: "board.wav",
        storageKey: "test/board.wav",
        sizeBytes: 1000,
        mimeType: "audio/wav",
        durationSeconds: 60,
        status: "COMPLETED",
      },
    });
    const { subscription } = await subscribe(user);
    fakeStripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await deliver(fakeStripe.event("customer.subscription.updated", subscription));
    expect(await account(user.id)).toMatchObject({ plan: "PREMIUM", billing: { cancelAtPeriodEnd: true } });
    expect(await pageText(user.cookie, "/account")).toMatch(
      /Premium \(monthly\), cancelled: it stays until \d+ \w+ \d{4}/,
    );

    fakeStripe.updateSubscription(subscription.id, { status: "canceled" });
    await deliver(fakeStripe.event("customer.subscription.deleted", subscription));
    expect(await account(user.id)).toMatchObject({ plan: "FREE", planSource: "FREE" });
    expect(await (await db()).recording.findUnique({ where: { id: recording.id } })).not.toBeNull();
    await waitForEmail((await userEmail(user.id))!, /^Your Voxlate Premium plan has ended$/);
  });

  test("a failed renewal: past_due with a banner and an email; after Stripe's retries end, Free", async () => {
    const user = await signedInUser();
    const { subscription } = await subscribe(user);
    const failed = fakeStripe.renew(subscription.id, { paid: false });
    await deliver(fakeStripe.event("invoice.payment_failed", failed.invoice));
    expect(await account(user.id)).toMatchObject({ plan: "PREMIUM", billing: { subscriptionStatus: "past_due" } });
    expect(await pageText(user.cookie, "/dashboard")).toContain("Your last payment failed.");
    const mail = await waitForEmail((await userEmail(user.id))!, /^Your Voxlate payment failed$/);
    expect(mail.html).toContain(failed.invoice.hosted_invoice_url as string);

    // Stripe's retries are exhausted and it cancels the subscription (the account's retry setting).
    fakeStripe.updateSubscription(subscription.id, { status: "canceled" });
    await deliver(fakeStripe.event("customer.subscription.deleted", subscription));
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });
    expect(await pageText(user.cookie, "/dashboard")).not.toContain("Your last payment failed.");
  });

  test("a refund within 7 days: refunded in full, cancelled at once, receipt emailed", async () => {
    const user = await signedInUser();
    const { subscription, invoice } = await subscribe(user, { paidAt: fakeStripe.now() - 6 * DAY });
    expect(await pageText(user.cookie, "/account")).toContain("Request a refund");
    const response = await app("/api/billing/refund", form(user.cookie, {}));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account");
    const refunds = [...fakeStripe.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 999, currency: "usd", reason: "requested_by_customer" });
    const refundCall = fakeStripe.requests.find((request) => request.path === "/v1/refunds")!;
    expect(refundCall.idempotencyKey).toBe(`voxlate-refund-${invoice.id}`);
    expect(fakeStripe.subscriptions.get(subscription.id)!.status).toBe("canceled");
    expect(await account(user.id)).toMatchObject({ plan: "FREE", billing: { refundedAt: expect.any(Date) } });
    const receipt = await waitForEmail((await userEmail(user.id))!, /^Your Voxlate refund$/);
    expect(receipt.text).toContain("$9.99");

    // Stripe's own event for the cancellation changes nothing more; a second request is refused.
    await deliver(fakeStripe.event("customer.subscription.deleted", subscription));
    expect(await account(user.id)).toMatchObject({ plan: "FREE" });
    await app("/api/billing/refund", form(user.cookie, {}));
    expect(fakeStripe.refunds.size).toBe(1);
  });

  test("a refund on day 8 is refused and nothing changes", async () => {
    const user = await signedInUser();
    await subscribe(user, { paidAt: fakeStripe.now() - 8 * DAY + 60 });
    // Day 8 began a minute ago… and the period is a month, so the plan is current.
    expect(await pageText(user.cookie, "/account")).not.toContain("Request a refund");
    const response = await app("/api/billing/refund", form(user.cookie, {}));
    expect(response.status).toBe(303);
    const page = await pageText(`${user.cookie}; ${cookiesFrom(response)}`, "/account");
    expect(page).toContain("Refund not possible");
    expect(page).toContain("The 7-day money-back guarantee ended on");
    expect(fakeStripe.refunds.size).toBe(0);
    expect(await account(user.id)).toMatchObject({ plan: "PREMIUM", billing: { refundedAt: null } });
  });
});

describe("minutes follow the paid period", () => {
  test("the allowance counts from the period's start, and resets at the next one", async () => {
    const user = await signedInUser();
    const periodStart = fakeStripe.now() - 3 * DAY;
    const { subscription } = await subscribe(user, { paidAt: periodStart });
    const database = await db();
    // Charged before the paid period (on Free, earlier this month or last) and within it.
    await database.usageCharge.create({
      data: { userId: user.id, seconds: 240, createdAt: new Date((periodStart - 60) * 1000) },
    });
    await database.usageCharge.create({
      data: { userId: user.id, seconds: 600, createdAt: new Date((fakeStripe.now() - 120) * 1000) },
    });
    const allowance = await allowanceFor(user.id, "PREMIUM");
    expect(allowance).toMatchObject({
      minutesPerMonth: 120,
      secondsUsed: 600,
      secondsLeft: 120 * 60 - 600,
      resetsOn: new Date((periodStart + 30 * DAY) * 1000),
    });
    expect(await pageText(user.cookie, "/dashboard")).toContain(
      "110 min left this month on the Premium plan (120 minutes a month).",
    );

    // The next period (renewal paid; moved back in time so that it is the current one).
    const item = (subscription.items as { data: { current_period_start: number; current_period_end: number }[] })
      .data[0]!;
    item.current_period_start = fakeStripe.now() - 60;
    item.current_period_end = item.current_period_start + 30 * DAY;
    await deliver(fakeStripe.event("customer.subscription.updated", subscription));
    await waitFor(
      () => allowanceFor(user.id, "PREMIUM"),
      (value) => value.secondsUsed === 0,
      5000,
    );
  });

  test("a weekly subscription's minutes reset every week", async () => {
    const user = await signedInUser();
    await subscribe(user, { billing: "weekly" });
    const allowance = await allowanceFor(user.id, "PREMIUM");
    expect(allowance.periodUnit).toBe("week");
    expect(await pageText(user.cookie, "/dashboard")).toContain("(120 minutes a week)");
  });
});
