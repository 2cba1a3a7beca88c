// What the signed-in app shell shows on every page: who is signed in, their plan and minutes this usage period, and
// billing that needs attention (a failed payment).
//
// The root, layout and page loaders of a document run in parallel and need the same rows, so each is read once per
// request (perRequest): the session and user in one query (getUser), and the billing account's status and period
// with the allowance's sums in one more. A dashboard went from about 15 queries to 4 (docs/performance.md).
import { PLANS } from "~/content/plans";
import { paymentsEnabled } from "~/modules/billing/billing.server";
import { perRequest } from "~/modules/platform/per-request.server";
import { getUser, requireUser, type SessionUser } from "~/modules/platform/session.server";
import { allowanceAndBilling, type Allowance } from "~/modules/usage/usage.server";

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

/** The allowance and the billing account's status and period, read once per request and in one query. */
function usageAndBilling(request: Request, user: SessionUser) {
  return perRequest(request, `app-shell:usage:${user.id}`, () => allowanceAndBilling(user.id, user.plan));
}

/** The signed-in user's allowance this usage period, read once per request (the meter and the dashboard). */
export async function requestAllowance(request: Request, user: SessionUser): Promise<Allowance> {
  return (await usageAndBilling(request, user)).allowance;
}

async function shellFor(request: Request, user: SessionUser): Promise<AppShellData> {
  const { allowance, billing } = await usageAndBilling(request, user);
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
