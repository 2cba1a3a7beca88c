// npm run plan:set -- --email user@example.com --plan premium [--until 2027-01-31]
// Grants a plan without payment, for servers without Stripe (or a courtesy): the account keeps it until --until
// (then Free), or until another plan:set. `--plan free` takes a granted plan back.
import { parseArgs } from "node:util";
import { z } from "zod";
import { grantPlan } from "~/modules/billing/plan-grant.server";
import { runCli } from "./cli";

const { values } = parseArgs({
  options: { email: { type: "string" }, plan: { type: "string" }, until: { type: "string" } },
});

const PlanSetSchema = z.object({
  email: z.email("Give a valid --email"),
  plan: z
    .string({ error: "Give --plan free, premium or business_pro" })
    .transform((plan) => plan.toUpperCase().replace(/[- ]/g, "_"))
    .pipe(z.enum(["FREE", "PREMIUM", "BUSINESS_PRO"], { error: "Give --plan free, premium or business_pro" })),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, "Give --until as a date such as 2027-01-31")
    .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
    .refine((date) => !Number.isNaN(date.getTime()) && date > new Date(), "--until must be a date in the future")
    .optional(),
});

const parsed = PlanSetSchema.safeParse(values);
if (!parsed.success) {
  console.error(`Error: ${parsed.error.issues[0]?.message}`);
  console.error("Usage: npm run plan:set -- --email user@example.com --plan premium [--until 2027-01-31]");
  process.exit(1);
}

await runCli(async () => {
  const { email, plan, until } = parsed.data;
  const user = await grantPlan(email, plan, until ?? null);
  console.info(
    `${user.email} is on ${user.plan}${user.planUntil ? ` until ${user.planUntil.toISOString()}` : ""} (granted by an administrator).`,
  );
});
