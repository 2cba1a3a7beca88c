// Plans granted by an administrator (`npm run plan:set`), for servers without Stripe. A granted plan is marked
// MANUAL, so Stripe's events never take it away, and it ends at planUntil (billing-jobs.server.ts).
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { planById } from "~/content/plans";
import { formatDate } from "~/utils/dates";

export async function grantPlan(email: string, plan: "FREE" | "PREMIUM" | "BUSINESS_PRO", until: Date | null) {
  const database = await db();
  const user = await database.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, plan: true },
  });
  if (!user) throw new ExpectedError(`No account uses ${email}.`, 404);
  const updated = await database.user.update({
    where: { id: user.id },
    data:
      plan === "FREE"
        ? { plan, planSource: "FREE", planUntil: null }
        : { plan, planSource: "MANUAL", planUntil: until, requestedPlan: null },
    select: { email: true, plan: true, planUntil: true },
  });
  if (user.plan !== plan) {
    const detail = `${planById(user.plan).name} → ${planById(plan).name}${until ? ` until ${formatDate(until)}` : ""}`;
    await recordAudit({
      action: "plan.changed",
      actorId: user.id,
      target: { kind: "user", id: user.id, label: detail },
      ip: "server",
      userAgent: "administrator (plan:set)",
    });
  }
  return updated;
}
