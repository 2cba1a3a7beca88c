// The account page's developer settings: API keys and webhook endpoints, their forms' actions and what the page shows.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { readForm } from "~/modules/platform/request-body.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  webhookOverview,
} from "~/modules/webhooks/webhooks.server";
import { DeveloperActionSchema } from "./api-key-forms";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.server";

/** The query string that sends a form on the account page to this handler. */
export const DEVELOPER_FORM_QUERY = "developer";

export async function developerSettings(userId: string) {
  const [apiKeys, webhooks] = await Promise.all([listApiKeys(userId), webhookOverview(userId)]);
  return { apiKeys, ...webhooks };
}

/** A secret for this answer only: no cache keeps the page that shows it. */
const showOnce = <T>(shown: T) => data(shown, { headers: { "Cache-Control": "no-store" } });

const API_KEYS_ANCHOR = "/account#api-keys-title";
const WEBHOOKS_ANCHOR = "/account#webhooks-title";

/**
 * The developer forms' action. A new key, and a webhook's new signing secret (at creation or rotation), is returned
 * in the page's data, not through a redirect: it is shown this once and never put in a cookie, and no later view of
 * the page shows it. Every other change redirects (POST-redirect-GET) with a toast.
 */
export async function handleDeveloperAction(request: Request, userId: string, context?: AppLoadContext) {
  const submission = parseWithZod(await readForm(request), { schema: DeveloperActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const form = submission.value;
  try {
    switch (form.intent) {
      case "api-key-create": {
        const created = await createApiKey(userId, form.name, form.scopes, { request, context });
        return showOnce({ createdApiKey: created });
      }
      case "api-key-revoke":
        await revokeApiKey(userId, form.keyId, { request, context });
        return redirectWithToast(API_KEYS_ANCHOR, { type: "success", title: "API key revoked" });
      case "webhook-create": {
        const { url, secret } = await createWebhookEndpoint(userId, form.url, form.events);
        return showOnce({ shownWebhookSecret: { url, secret, rotated: false } });
      }
      case "webhook-delete":
        await deleteWebhookEndpoint(userId, form.endpointId);
        return redirectWithToast(WEBHOOKS_ANCHOR, { type: "success", title: "Webhook endpoint removed" });
      case "webhook-rotate": {
        const { url, secret } = await rotateWebhookSecret(userId, form.endpointId);
        return showOnce({ shownWebhookSecret: { url, secret, rotated: true } });
      }
      case "webhook-resend":
        await resendWebhookDelivery(userId, form.deliveryId);
        return redirectWithToast(WEBHOOKS_ANCHOR, { type: "success", title: "Delivery queued again" });
    }
  } catch (error) {
    // A refusal about what was sent (a private address, too many keys) goes back to the form beside its field.
    if (error instanceof ExpectedError) {
      const field = form.intent === "webhook-create" ? "url" : form.intent === "api-key-create" ? "name" : null;
      const reply = field
        ? submission.reply({ fieldErrors: { [field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return data(reply, { status: error.status });
    }
    throw error;
  }
}
