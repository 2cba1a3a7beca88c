// What the signed-in app shell shows on every page: who is signed in, their plan and minutes this usage period, and
// billing that needs attention (a failed payment).
//
// The root, layout and page loaders of a document run in parallel and need the same rows, so each is read once per
// request (perRequest): the session and user in one query (getUser), the billing account's few columns the shell
// and the usage period need, and the allowance's sums in one more. A dashboard went from about 15 queries to 5.
import { PLANS } from "~/content/plans";
import { paymentsEnabled } from "~/modules/billing/billing.server";
import { db } from "~/modules/platform/database.server";
import { perRequest } from "~/modules/platform/per-request.server";
import { getUser, requireUser, type SessionUser } from "~/modules/platform/session.server";
import { allowanceFor, BILLING_PERIOD_SELECT, type Allowance } from "~/modules/usage/usage.server";

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

/** The billing account's status and period, read once per request (null: the user never had a Stripe customer). */
function billingColumns(request: Request, userId: string) {
  return perRequest(request, "app-shell:billing", async () =>
    (await db()).billingAccount.findUnique({ where: { userId }, select: BILLING_PERIOD_SELECT }),
  );
}

/** The signed-in user's allowance this usage period, read once per request (the meter and the dashboard). */
export function requestAllowance(request: Request, user: SessionUser): Promise<Allowance> {
  return perRequest(request, "app-shell:allowance", async () =>
    allowanceFor(user.id, user.plan, await billingColumns(request, user.id)),
  );
}

async function shellFor(request: Request, user: SessionUser): Promise<AppShellData> {
  const [allowance, billing] = await Promise.all([requestAllowance(request, user), billingColumns(request, user.id)]);
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    allowance,
    canUpgrade: user.plan !== PLANS.at(-1)!.id,
    resetsOn: allowance.resetsOn,
    billing: {
      canManage: paymentsEnabled() && Boolean(billing),
      pastDue: billing?.subscriptionStatus === "past_due",
    },
  };
}

/** The shell for a signed-in user; a signed-out visitor is sent to /signin and brought back afterwards. */
export async function requireAppShell(request: Request): Promise<AppShellData> {
  return shellFor(request, await requireUser(request));
}

/** The shell when someone is signed in, null for a visitor (pages open to both, such as the plans page). */
export async function loadAppShell(request: Request): Promise<AppShellData | null> {
  const user = await getUser(request);
  return user ? shellFor(request, user) : null;
}
