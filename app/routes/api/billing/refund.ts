import type { Route } from "./+types/refund";
import { requestRefund } from "~/modules/billing/billing.server";
import { postOnly } from "~/modules/platform/api.server";
import { answerRefusal, refusalToast } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

// POST /api/billing/refund ("Request a refund" on the account page): the 7-day money-back guarantee. The answer is a
// redirect to the account page with the outcome as a toast, with or without JavaScript.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const userId = await requireUserId(request);
  return answerRefusal(
    async () => {
      await requestRefund(userId);
      return redirectWithToast(
        "/account",
        {
          type: "success",
          title: "Refund on its way",
          description: "We refunded your payment in full and cancelled the subscription. A receipt is in your inbox.",
        },
        { status: 303 },
      );
    },
    refusalToast("/account", "Refund not possible"),
  );
}
