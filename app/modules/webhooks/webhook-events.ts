// The events a webhook endpoint can subscribe to, and how many endpoints a user may have. Isomorphic: the account
// page's form, the developer docs and the OpenAPI document list the events; the deliveries are typed by them.
export const WEBHOOK_EVENTS = [
  "transcription.completed",
  "transcription.failed",
  "translation.completed",
  "summary.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_ENDPOINT_LIMIT = 10;
