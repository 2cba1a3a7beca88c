// What is sold, as Stripe knows it: one Product per paid plan and one recurring Price per billing period, found by
// lookup keys made from the plan data (content/plans.ts). No price id is written anywhere in the app.
import { type BillingPeriod, type Plan, PLANS } from "~/content/plans";

export type PaidPlanId = Exclude<Plan["id"], "FREE">;

const LOOKUP_KEY_PREFIX = "voxlate";
const PERIOD_INTERVAL: Record<BillingPeriod, "week" | "month"> = { weekly: "week", monthly: "month" };

/** voxlate_premium_monthly, voxlate_business_pro_weekly… */
export const lookupKeyFor = (plan: PaidPlanId, period: BillingPeriod) =>
  `${LOOKUP_KEY_PREFIX}_${plan.toLowerCase()}_${period}`;

/** The plan and period a lookup key names, or null for a price that is not ours. */
export function planForLookupKey(lookupKey: string | null): { plan: PaidPlanId; period: BillingPeriod } | null {
  if (!lookupKey) return null;
  for (const plan of PLANS) {
    if (plan.id === "FREE") continue;
    for (const period of ["weekly", "monthly"] as const) {
      if (lookupKeyFor(plan.id, period) === lookupKey) return { plan: plan.id, period };
    }
  }
  return null;
}

/** "$9.99" → 999 (cents). */
export function cents(price: string): number {
  const match = /^\$(\d+)(?:\.(\d{2}))?$/.exec(price);
  if (!match) throw new Error(`Not a dollar price: ${price}`);
  return Number(match[1]) * 100 + Number(match[2] ?? 0);
}

/** The Products and Prices `npm run billing:sync` keeps in step with the plan data. */
export function stripeCatalog() {
  return PLANS.filter((plan): plan is Plan & { id: PaidPlanId } => plan.id !== "FREE").map((plan) => ({
    key: plan.id.toLowerCase(),
    name: `Voxlate ${plan.name}`,
    description: plan.description,
    prices: (["weekly", "monthly"] as const).map((period) => ({
      lookupKey: lookupKeyFor(plan.id, period),
      unitAmount: cents(plan.price[period]),
      currency: "usd",
      interval: PERIOD_INTERVAL[period],
    })),
  }));
}

/** Stripe statuses in which the subscriber keeps the plan (past_due: Stripe is still retrying the payment). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

/** The money-back guarantee: a full refund within this long of the first payment. */
export const REFUND_WINDOW_DAYS = 7;
