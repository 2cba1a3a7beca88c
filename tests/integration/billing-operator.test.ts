// What an operator runs: `npm run billing:sync` (the catalogue, against the fake of Stripe's API in
// tests/mocks/stripe.ts through MSW) and `npm run plan:set` (a plan granted without payment, and its end date).
import "./billing-env";
import { beforeEach, describe, expect, test } from "vitest";
import { expireGrantedPlans } from "~/modules/billing/billing-jobs.server";
import { lookupKeyFor, stripeCatalog } from "~/modules/billing/catalog";
import { grantPlan } from "~/modules/billing/plan-grant.server";
import { db } from "~/modules/platform/database.server";
import { allowanceFor } from "~/modules/usage/usage.server";
import { configuredPayments } from "~/services/payments/index.server";
import { fakeStripe } from "../mocks/handlers";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

describe("billing:sync", () => {
  beforeEach(() => fakeStripe.reset());

  test("creates a Product per paid plan and a Price per period under its lookup key, then changes nothing", async () => {
    const payments = configuredPayments()!;
    const first = await payments.syncCatalog(stripeCatalog());
    expect(first.products.map(({ key, action }) => [key, action])).toEqual([
      ["premium", "created"],
      ["business_pro", "created"],
    ]);
    expect(first.prices.map(({ lookupKey, action }) => [lookupKey, action])).toEqual([
      [lookupKeyFor("PREMIUM", "weekly"), "created"],
      [lookupKeyFor("PREMIUM", "monthly"), "created"],
      [lookupKeyFor("BUSINESS_PRO", "weekly"), "created"],
      [lookupKeyFor("BUSINESS_PRO", "monthly"), "created"],
    ]);
    // The amounts are the plan data's (spec section 9), in cents, with the right interval.
    const prices = await payments.pricesByLookupKey(first.prices.map((price) => price.lookupKey));
    expect([...prices.values()].map((price) => price.unitAmount)).toEqual([449, 999, 949, 1999]);
    const stored = [...fakeStripe.prices.values()];
    expect(stored.map((price) => (price.recurring as { interval: string }).interval)).toEqual([
      "week",
      "month",
      "week",
      "month",
    ]);

    const again = await payments.syncCatalog(stripeCatalog());
    expect(again.products.every((product) => product.action === "unchanged")).toBe(true);
    expect(again.prices.every((price) => price.action === "unchanged")).toBe(true);
    expect(again.prices.map((price) => price.id)).toEqual(first.prices.map((price) => price.id));
    expect(fakeStripe.prices.size).toBe(4);
  });

  test("a changed amount gets a new Price that takes over the lookup key; the old one is archived", async () => {
    const payments = configuredPayments()!;
    const first = await payments.syncCatalog(stripeCatalog());
    const monthly = lookupKeyFor("PREMIUM", "monthly");
    const raised = stripeCatalog().map((product) => ({
      ...product,
      prices: product.prices.map((price) => (price.lookupKey === monthly ? { ...price, unitAmount: 1099 } : price)),
    }));

    const report = await payments.syncCatalog(raised);
    const changed = report.prices.find((price) => price.lookupKey === monthly)!;
    expect(changed.action).toBe("replaced");
    const old = first.prices.find((price) => price.lookupKey === monthly)!;
    expect(changed.id).not.toBe(old.id);
    expect(fakeStripe.prices.get(old.id)).toMatchObject({ active: false, lookup_key: null });
    expect((await payments.pricesByLookupKey([monthly])).get(monthly)).toEqual({ id: changed.id, unitAmount: 1099 });
    expect(report.prices.filter((price) => price.action === "unchanged")).toHaveLength(3);
  });
});

describe("plan:set", () => {
  test("grants a plan without payment until a date; after it the account is Free and keeps its recordings", async () => {
    const user = await signedInUser();
    const database = await db();
    const { email } = await database.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true } });
    await database.recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: "Kept",
        fileName: "kept.mp3",
        storageKey: `test/${user.id}.mp3`,
        sizeBytes: 1,
        mimeType: "audio/mpeg",
        durationSeconds: 60,
        status: "COMPLETED",
      },
    });
    const until = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);

    const granted = await grantPlan(` ${email.toUpperCase()} `, "PREMIUM", until);
    expect(granted).toEqual({ email, plan: "PREMIUM", planUntil: until });
    expect(await database.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ planSource: "MANUAL" });
    // A granted plan's minutes reset with the calendar month, as Free's do.
    expect(await allowanceFor(user.id, "PREMIUM")).toMatchObject({
      minutesPerMonth: 120,
      periodUnit: "month",
      secondsLeft: 120 * 60,
    });

    // The scheduled job leaves it alone before the date, and takes it back after.
    expect(await expireGrantedPlans(new Date(until.getTime() - 1000))).toBe(0);
    expect(await expireGrantedPlans(new Date(until.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await database.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      plan: "FREE",
      planSource: "FREE",
      planUntil: null,
    });
    expect(await database.recording.count({ where: { userId: user.id } })).toBe(1);
  });

  test("a grant without a date lasts; --plan free takes it back; an unknown email is refused", async () => {
    const user = await signedInUser();
    const database = await db();
    const { email } = await database.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true } });
    await grantPlan(email, "BUSINESS_PRO", null);
    await expireGrantedPlans(new Date(Date.now() + 365 * 24 * 60 * 60 * 1000));
    expect(await database.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      plan: "BUSINESS_PRO",
      planSource: "MANUAL",
    });
    expect(await grantPlan(email, "FREE", null)).toMatchObject({ plan: "FREE", planUntil: null });
    await expect(grantPlan("nobody@example.com", "PREMIUM", null)).rejects.toMatchObject({
      message: "No account uses nobody@example.com.",
    });
  });
});
