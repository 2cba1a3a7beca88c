// The developer forms of the account page (API keys and webhooks), shared by the server and the browser (ADR 011).
import { z } from "zod";
import { singleLineName } from "~/utils/text";
import { WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-events";

export const API_SCOPES = ["read", "write"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_KEY_LIMIT = 20;

const NAME_REQUIRED = "Give the key a name.";
const CHOOSE_SCOPE = "Choose at least one scope.";
const CHOOSE_EVENT = "Choose at least one event.";
const URL_REQUIRED = "Enter the address that receives the webhooks.";

const checkedList = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: message })).min(1, message),
  );

export const CreateApiKeySchema = z.object({
  intent: z.literal("api-key-create"),
  name: singleLineName({
    noun: "Key names",
    required: NAME_REQUIRED,
    max: 60,
    tooLong: "Names can be at most 60 characters.",
  }),
  scopes: checkedList(API_SCOPES, CHOOSE_SCOPE),
});

export const CreateWebhookSchema = z.object({
  intent: z.literal("webhook-create"),
  url: z
    .string({ error: URL_REQUIRED })
    .trim()
    .min(1, URL_REQUIRED)
    .max(2000, "Addresses can be at most 2000 characters.")
    .regex(/^https?:\/\//i, "Enter a full address starting with https:// or http://."),
  events: checkedList(WEBHOOK_EVENTS, CHOOSE_EVENT),
});

const id = z.string({ error: "Check the form." }).min(1, "Check the form.").max(100, "Check the form.");

export const DeveloperActionSchema = z.discriminatedUnion("intent", [
  CreateApiKeySchema,
  z.object({ intent: z.literal("api-key-revoke"), keyId: id }),
  CreateWebhookSchema,
  z.object({ intent: z.literal("webhook-delete"), endpointId: id }),
  z.object({ intent: z.literal("webhook-rotate"), endpointId: id }),
  z.object({ intent: z.literal("webhook-resend"), deliveryId: id }),
]);

export const DEVELOPER_INTENTS = new Set(DeveloperActionSchema.options.map((option) => option.shape.intent.value));
