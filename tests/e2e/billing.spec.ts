// Buying Premium end to end, with JavaScript (project "js": the success page polls) and without ("no-js": a Refresh
// link): the plans page posts a plain form, the app redirects to (fake) Stripe Checkout, Stripe's signed webhooks
// arrive, and the account is Premium with 120 minutes for the paid period. The app runs in its own process, so Stripe
// is the HTTP fake of tests/mocks/stripe-server.ts on STRIPE_MOCK_PORT (the app's STRIPE_API_BASE): nothing leaves
// the machine.
import { lookupKeyFor } from "~/modules/billing/catalog";
import { formatDate } from "~/utils/dates";
import { STRIPE_MOCK_PORT } from "../../playwright.config";
import { signedWebhook, type FakeStripe } from "../mocks/stripe";
import { startStripeServer } from "../mocks/stripe-server";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";

let stripe: Awaited<ReturnType<typeof startStripeServer>>;
let fake: FakeStripe;

test.beforeAll(async () => {
  stripe = await startStripeServer(STRIPE_MOCK_PORT);
  fake = stripe.fake;
  fake.seedPrice(lookupKeyFor("PREMIUM", "weekly"), 449, "week", "Voxlate Premium");
  fake.seedPrice(lookupKeyFor("PREMIUM", "monthly"), 999, "month", "Voxlate Premium");
  fake.seedPrice(lookupKeyFor("BUSINESS_PRO", "weekly"), 949, "week", "Voxlate Business Pro");
  fake.seedPrice(lookupKeyFor("BUSINESS_PRO", "monthly"), 1999, "month", "Voxlate Business Pro");
});
test.afterAll(() => stripe?.close());
test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

async function deliver(baseURL: string, event: object) {
  const { body, headers } = signedWebhook(event);
  const response = await fetch(`${baseURL}/api/billing/webhook`, { method: "POST", body, headers });
  expect(response.status).toBe(200);
}

test("choose Premium monthly, pay on Checkout, and the webhook makes the account Premium", async ({
  page,
  baseURL,
}, testInfo) => {
  const withJs = testInfo.project.use.javaScriptEnabled !== false;
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/plan-selection?billing=monthly");
  await expect(page.getByText("Payments are not set up on this server")).toHaveCount(0);
  await page.getByRole("button", { name: "Choose Premium" }).click();

  await expect(page.getByRole("heading", { name: "Mock Stripe Checkout" })).toBeVisible();
  const session = [...fake.sessions.values()].find((candidate) => candidate.client_reference_id === user.id)!;
  expect(page.url()).toBe(session.url);

  // The customer pays; Stripe sends them back before its webhook arrives.
  const paid = fake.completeCheckout(session.id);
  await page.goto(`/plan-selection?checkout=success&session_id=${session.id}`);
  await expect(page.getByText("Payment processing…")).toBeVisible();
  const { prisma } = await appDatabase();
  expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { plan: true } })).toEqual({
    plan: "FREE",
  });

  await deliver(baseURL!, fake.event("checkout.session.completed", paid.session));
  await deliver(baseURL!, fake.event("invoice.paid", paid.invoice));
  if (!withJs) await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page).toHaveURL(/\/plan-selection\?checkout=confirmed/);
  await expect(page.getByText("Payment successful", { exact: true })).toBeVisible();
  await expect(page.getByText("Payment processing…")).toHaveCount(0);

  const periodEnd = new Date(
    (paid.subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end * 1000,
  );
  await page.goto("/dashboard");
  const meter = page.getByRole("region", { name: "Minutes this month" });
  await expect(meter).toContainText("Premium plan");
  await expect(meter).toContainText("0 s used · 120 min left");
  await expect(meter).toContainText(`120 minutes a month · resets ${formatDate(periodEnd, "dayMonth")}`);
  await expect(page.getByRole("button", { name: "Manage billing" }).first()).toBeVisible();

  await page.goto("/account");
  const billing = page.getByRole("region", { name: "Plan and billing" });
  await expect(billing).toContainText("Premium (monthly), renews on");
  await expect(billing.getByRole("button", { name: "Request a refund" })).toBeVisible();
  await expect(billing.getByRole("link", { name: /^Invoice VOX-/ })).toHaveAttribute("href", /\/i\/in_/);
  await billing.getByRole("button", { name: "Manage billing" }).click();
  await expect(page.getByRole("heading", { name: "Mock Stripe billing portal" })).toBeVisible();
});

test("leaving Checkout without paying comes back with a toast and the plan unchanged", async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/plan-selection?billing=weekly");
  await page.getByRole("button", { name: "Choose Business Pro" }).click();
  await expect(page.getByRole("heading", { name: "Mock Stripe Checkout" })).toBeVisible();
  await page.goto("/plan-selection?checkout=cancelled");
  await expect(page).toHaveURL(/\/plan-selection$/);
  await expect(page.getByText("Checkout cancelled", { exact: true })).toBeVisible();
  const { prisma } = await appDatabase();
  expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { plan: true } })).toEqual({
    plan: "FREE",
  });
});

test("with analytics consent, checkout start and the confirmed payment send subscription events", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "analytics events are sent by JavaScript");
  // The GA4 tag lives on Google's servers: answer for it with an empty script. Every dataLayer entry is copied out,
  // since the page is left for Checkout in between.
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "" }),
  );
  const events: unknown[][] = [];
  await page.exposeFunction("recordAnalytics", (entry: unknown[]) => events.push(entry));
  await page.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      for (const item of items) {
        (window as unknown as { recordAnalytics: (entry: unknown[]) => void }).recordAnalytics(
          Array.from(item as ArrayLike<unknown>),
        );
      }
      return Array.prototype.push.apply(layer, items);
    };
    window.dataLayer = layer;
  });
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/plans?billing=weekly");
  await page.getByRole("button", { name: "Choose Business Pro" }).click();
  await expect(page.getByRole("heading", { name: "Mock Stripe Checkout" })).toBeVisible();
  const params = {
    event_category: "subscription",
    event_label: "Business Pro (weekly)",
    value: 9.49,
    subscription_plan: "BUSINESS_PRO",
  };
  expect(events).toContainEqual(["event", "select_plan", params]);
  expect(events).toContainEqual(["event", "begin_checkout", params]);
  expect(events.some((entry) => entry[1] === "purchase")).toBe(false);

  const session = [...fake.sessions.values()].find((candidate) => candidate.client_reference_id === user.id)!;
  const paid = fake.completeCheckout(session.id);
  await page.goto(`/plan-selection?checkout=success&session_id=${session.id}`);
  await deliver(baseURL!, fake.event("checkout.session.completed", paid.session));
  await deliver(baseURL!, fake.event("invoice.paid", paid.invoice));
  await expect(page.getByText("Payment successful", { exact: true })).toBeVisible();
  await expect.poll(() => events.filter((entry) => entry[1] === "purchase")).toEqual([["event", "purchase", params]]);
});
