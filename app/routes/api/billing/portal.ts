import { redirect } from "react-router";
import type { Route } from "./+types/portal";
import { portalUrl } from "~/modules/billing/billing.server";
import { postOnly } from "~/modules/platform/api.server";
import { answerRefusal, refusalToast } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";

// POST /api/billing/portal ("Manage billing"): a Stripe Customer Portal session, then 303 to it. A plain form post,
// so it works without JavaScript. Where it cannot open, the user is sent back to the account page with the reason.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const userId = await requireUserId(request);
  return answerRefusal(
    async () => redirect(await portalUrl(userId), 303),
    refusalToast("/account", "Billing could not open"),
  );
}
