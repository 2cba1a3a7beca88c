import type { Route } from "./+types/webhook";
import { handleStripeWebhook } from "~/modules/billing/webhooks.server";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";

/** Stripe's events are a few KB; a large invoice can pass the 32 KB form limit. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;

// POST /api/billing/webhook: Stripe's events. The signature is checked on the raw bytes, so nothing parses the body
// first; a bad signature is 400 and changes nothing; a repeated event is answered 200 and ignored (ADR 021).
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const body = await readLimitedBody(request, WEBHOOK_MAX_BYTES);
  const outcome = await handleStripeWebhook(body, request.headers.get("Stripe-Signature"));
  return Response.json({ received: true, duplicate: outcome === "duplicate" });
});
