// What the signed-in app shell shows on every page: who is signed in, their plan and minutes this usage period, and
// billing that needs attention (a failed payment).
import { PLANS } from "~/content/plans";
import { billingSummary } from "~/modules/billing/billing.server";
import { db } from "~/modules/platform/database.server";
import { getUserId, requireUserId } from "~/modules/platform/session.server";
import { allowanceFor, type Allowance } from "~/modules/usage/usage.server";

export interface AppShellData {
  user: { firstName: string; lastName: string; email: string };
  allowance: Allowance;
  /** False on the top plan: there is nothing to upgrade to. */
  canUpgrade: boolean;
  /** When the minutes start again: the next paid period's start, or the first of next month (UTC) on Free. */
  resetsOn: Date;
  billing: {
    /** A Stripe customer exists: "Manage billing" opens the Customer Portal. */
    canManage: boolean;
    /** The last payment failed and Stripe is retrying it. */
    pastDue: boolean;
  };
}

async function shellFor(userId: string): Promise<AppShellData> {
  const user = await (
    await db()
  ).user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true, email: true, plan: true },
  });
  const { plan, ...identity } = user;
  const [allowance, billing] = await Promise.all([allowanceFor(userId, plan), billingSummary(userId)]);
  return {
    user: identity,
    allowance,
    canUpgrade: plan !== PLANS.at(-1)!.id,
    resetsOn: allowance.resetsOn,
    billing: { canManage: billing.canManage, pastDue: billing.pastDue },
  };
}

/** The shell for a signed-in user; a signed-out visitor is sent to /signin and brought back afterwards. */
export async function requireAppShell(request: Request): Promise<AppShellData> {
  return shellFor(await requireUserId(request));
}

/** The shell when someone is signed in, null for a visitor (pages open to both, such as the plans page). */
export async function loadAppShell(request: Request): Promise<AppShellData | null> {
  const userId = await getUserId(request);
  return userId ? shellFor(userId) : null;
}
