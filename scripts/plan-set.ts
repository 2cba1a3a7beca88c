// npm run plan:set -- --email user@example.com --plan premium [--until 2027-01-31]
// npm run plan:set -- --workspace <id or name> --seats 5
// Grants a plan without payment, for servers without Stripe (or a courtesy): the account keeps it until --until
// (then Free), or until another plan:set. `--plan free` takes a granted plan back. With --workspace and --seats it
// grants a team workspace its seats instead (ADR 035-teams); never fewer than its members.
import { parseArgs } from "node:util";
import { z } from "zod";
import { grantPlan } from "~/modules/billing/plan-grant.server";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { SEATS_MAX } from "~/modules/workspaces/team-forms";
import { runCli } from "./cli";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    plan: { type: "string" },
    until: { type: "string" },
    workspace: { type: "string" },
    seats: { type: "string" },
  },
});

const USAGE = [
  "Usage: npm run plan:set -- --email user@example.com --plan premium [--until 2027-01-31]",
  "       npm run plan:set -- --workspace <id or name> --seats 5",
].join("\n");

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

const SeatsSetSchema = z.object({
  workspace: z.string().trim().min(1, "Give --workspace as the team workspace's id or name"),
  seats: z.coerce
    .number({ error: "Give --seats as a number" })
    .int("Give --seats as a whole number")
    .min(1, "A team needs at least 1 seat")
    .max(SEATS_MAX, `A team can have at most ${SEATS_MAX} seats`),
});

const seatsWanted = values.workspace !== undefined || values.seats !== undefined;
const parsed = seatsWanted ? SeatsSetSchema.safeParse(values) : PlanSetSchema.safeParse(values);
if (!parsed.success) {
  console.error(`Error: ${parsed.error.issues[0]?.message}`);
  console.error(USAGE);
  process.exit(1);
}

await runCli(async () => {
  if (seatsWanted) {
    const { workspace, seats } = parsed.data as z.infer<typeof SeatsSetSchema>;
    const granted = await grantSeats(workspace, seats);
    console.info(`${granted.name} (${granted.id}) has ${granted.seats} seats; ${granted.used} in use.`);
    return;
  }
  const { email, plan, until } = parsed.data as z.infer<typeof PlanSetSchema>;
  const user = await grantPlan(email, plan, until ?? null);
  console.info(
    `${user.email} is on ${user.plan}${user.planUntil ? ` until ${user.planUntil.toISOString()}` : ""} (granted by an administrator).`,
  );
});
