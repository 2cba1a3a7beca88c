// The account page's developer settings: API keys (created, shown once, revoked) and webhook endpoints with their
// delivery log. Plain forms posting to the account page with ?developer (they work without JavaScript); Conform
// checks them in the browser with the server's schemas.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { API_SCOPES, CreateApiKeySchema, CreateWebhookSchema } from "~/modules/developers/api-key-forms";
import { WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-events";
import { formatDate } from "~/utils/dates";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { countOf } from "~/utils/plural";

const FORM_ACTION = "/account?developer";

type Reply = SubmissionResult<string[]> | undefined;
type When = Date | string | null;

export interface DeveloperSettings {
  apiKeys: {
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    createdAt: When;
    lastUsedAt: When;
    revokedAt: When;
  }[];
  endpoints: { id: string; url: string; events: string[]; createdAt: When }[];
  deliveries: {
    id: string;
    event: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    lastAttemptAt: When;
    createdAt: When;
    endpoint: { url: string };
    attemptLog: {
      number: number;
      attemptedAt: When;
      statusCode: number | null;
      error: string | null;
      durationMs: number;
    }[];
  }[];
}

const when = (value: When) => (value ? formatDate(new Date(value), "dateTime") : "never");

function SubmitButton({
  intent,
  label,
  busyLabel,
  variant = "primary",
}: {
  intent: string;
  label: string;
  busyLabel: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={buttonClass(variant)}>
      {busy ? busyLabel : label}
    </button>
  );
}

function Checkboxes({
  legend,
  name,
  values,
  defaults,
  errors,
  errorId,
}: {
  legend: string;
  name: string;
  values: readonly string[];
  defaults: readonly string[];
  errors?: string[];
  errorId: string;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {values.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={value} defaultChecked={defaults.includes(value)} />
            <span className="font-mono">{value}</span>
          </label>
        ))}
      </div>
      {invalid ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {errors?.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ApiKeysSection({
  apiKeys,
  createdKey,
  reply,
}: {
  apiKeys: DeveloperSettings["apiKeys"];
  createdKey: { name: string; key: string } | null;
  reply: Reply;
}) {
  const [form, fields] = useSchemaForm("api-key", CreateApiKeySchema, reply, { intent: "api-key-create" });
  return (
    <section aria-labelledby="api-keys-title" className="rounded-xl border border-slate-200 p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="api-keys-title" className="text-lg font-semibold">
          API keys
        </h2>
        <a href="/developers" className="text-sm font-medium text-brand-700 underline">
          API documentation
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Keys let your own tools use the{" "}
        <a href="/developers" className="text-brand-700 underline">
          Voxlate API
        </a>{" "}
        as you. A key is shown once, when it is created; we keep only a fingerprint of it.
      </p>
      {createdKey ? (
        <div role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-sm">
          <p className="font-medium">
            Your new key &ldquo;{createdKey.name}&rdquo;. Copy it now: it will not be shown again.
          </p>
          <label htmlFor="created-api-key" className="mt-2 block text-slate-700">
            API key
          </label>
          <input
            id="created-api-key"
            readOnly
            value={createdKey.key}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          />
        </div>
      ) : null}
      {apiKeys.length ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {apiKeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div>
                <p className="font-medium">
                  {key.name} <span className="font-mono text-slate-600">{key.prefix}…</span>
                </p>
                <p className="text-slate-600">
                  Scopes: {key.scopes.join(", ")} · created {when(key.createdAt)} · last used {when(key.lastUsedAt)}
                  {key.revokedAt ? ` · revoked ${when(key.revokedAt)}` : ""}
                </p>
              </div>
              {key.revokedAt ? null : (
                <Form method="post" action={FORM_ACTION}>
                  <input type="hidden" name="keyId" value={key.id} />
                  <SubmitButton
                    intent="api-key-revoke"
                    label={`Revoke ${key.name}`}
                    busyLabel="Revoking..."
                    variant="secondary"
                  />
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={FORM_ACTION} {...getFormProps(form)} className="mt-4 space-y-3">
        <FormErrors form={form} />
        <Field label="Key name" field={fields.name} placeholder="Practice management sync" required />
        <Checkboxes
          legend="Scopes"
          name={fields.scopes.name}
          values={API_SCOPES}
          defaults={["read"]}
          errors={fields.scopes.errors}
          errorId={fields.scopes.errorId}
        />
        <SubmitButton intent="api-key-create" label="Create API key" busyLabel="Creating..." />
      </Form>
    </section>
  );
}

/** A webhook's signing secret, shown once: right after the endpoint is added or its secret rotated. */
export interface ShownWebhookSecret {
  url: string;
  secret: string;
  rotated: boolean;
}

export function WebhooksSection({
  endpoints,
  deliveries,
  shownSecret,
  reply,
  canManage,
}: {
  canManage: boolean;
  endpoints: DeveloperSettings["endpoints"];
  deliveries: DeveloperSettings["deliveries"];
  shownSecret: ShownWebhookSecret | null;
  reply: Reply;
}) {
  const [form, fields] = useSchemaForm("webhook", CreateWebhookSchema, reply, { intent: "webhook-create" });
  return (
    <section aria-labelledby="webhooks-title" className="rounded-xl border border-slate-200 p-6">
      <h2 id="webhooks-title" className="text-lg font-semibold">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We POST a signed JSON event to these addresses when a transcription, translation or summary is done. Failed
        deliveries are retried for up to 24 hours. An endpoint&rsquo;s signing secret is shown once, when it is added or
        rotated. They belong to the workspace you are working in and hear about every recording in it.
      </p>
      {canManage ? null : (
        <p className="mt-4 text-sm text-slate-700">
          Only this workspace&rsquo;s owners and admins add and see its webhooks.
        </p>
      )}
      {shownSecret ? (
        <div role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-sm">
          <p className="font-medium">
            {shownSecret.rotated
              ? "The new signing secret for this endpoint. Deliveries are signed with it from now on, and the old one no longer works. Copy it now: it will not be shown again."
              : "Endpoint added. Copy its signing secret now: it will not be shown again."}
          </p>
          <p className="mt-1 font-mono break-all text-slate-700">{shownSecret.url}</p>
          <label htmlFor="shown-webhook-secret" className="mt-2 block text-slate-700">
            Signing secret
          </label>
          <input
            id="shown-webhook-secret"
            readOnly
            value={shownSecret.secret}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          />
        </div>
      ) : null}
      {endpoints.length ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="space-y-2 p-3 text-sm">
              <p className="font-mono break-all">{endpoint.url}</p>
              <p className="text-slate-600">Events: {endpoint.events.join(", ")}</p>
              <div className="flex flex-wrap gap-2">
                <Form method="post" action={FORM_ACTION}>
                  <input type="hidden" name="endpointId" value={endpoint.id} />
                  <SubmitButton
                    intent="webhook-rotate"
                    label="Rotate secret"
                    busyLabel="Rotating..."
                    variant="secondary"
                  />
                </Form>
                <Form method="post" action={FORM_ACTION}>
                  <input type="hidden" name="endpointId" value={endpoint.id} />
                  <SubmitButton intent="webhook-delete" label="Remove" busyLabel="Removing..." variant="danger" />
                </Form>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {canManage ? (
        <Form method="post" action={FORM_ACTION} {...getFormProps(form)} className="mt-4 space-y-3">
          <FormErrors form={form} />
          <Field
            label="Endpoint URL"
            field={fields.url}
            type="url"
            placeholder="https://example.com/voxlate-webhooks"
            required
          />
          <Checkboxes
            legend="Events"
            name={fields.events.name}
            values={WEBHOOK_EVENTS}
            defaults={WEBHOOK_EVENTS}
            errors={fields.events.errors}
            errorId={fields.events.errorId}
          />
          <SubmitButton intent="webhook-create" label="Add endpoint" busyLabel="Adding..." />
        </Form>
      ) : null}
      <h3 className="mt-6 font-semibold">Recent deliveries</h3>
      {deliveries.length ? (
        <ScrollRegion label="Recent deliveries" className="mt-2">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-3">
                  Event
                </th>
                <th scope="col" className="py-1 pr-3">
                  Result
                </th>
                <th scope="col" className="py-1 pr-3">
                  Last attempt
                </th>
                <th scope="col" className="py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-3">
                    <span className="font-mono">{delivery.event}</span>
                    <span className="block text-xs break-all text-slate-600">{delivery.endpoint.url}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {delivery.status === "SUCCEEDED"
                      ? "Delivered"
                      : delivery.status === "FAILED"
                        ? "Failed"
                        : "Retrying"}
                    {delivery.lastStatusCode ? ` (HTTP ${delivery.lastStatusCode})` : ""} ·{" "}
                    {countOf(delivery.attempts, "attempt")}
                    {delivery.lastError ? (
                      <span className="block text-xs break-all text-slate-600">{delivery.lastError}</span>
                    ) : null}
                    {delivery.attemptLog.length ? (
                      <details className="mt-1 text-xs">
                        <summary className="cursor-pointer text-brand-700">Attempts</summary>
                        <ol className="mt-1 space-y-1 text-slate-600" aria-label={`Attempts for ${delivery.event}`}>
                          {delivery.attemptLog.map((attempt) => (
                            <li key={attempt.number} className="break-all">
                              #{attempt.number} · {when(attempt.attemptedAt)} ·{" "}
                              {attempt.error ?? `HTTP ${attempt.statusCode}`} · {attempt.durationMs} ms
                            </li>
                          ))}
                        </ol>
                      </details>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">{when(delivery.lastAttemptAt)}</td>
                  <td className="py-2">
                    <Form method="post" action={FORM_ACTION}>
                      <input type="hidden" name="deliveryId" value={delivery.id} />
                      <SubmitButton intent="webhook-resend" label="Resend" busyLabel="Queuing..." variant="secondary" />
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No deliveries yet.</p>
      )}
    </section>
  );
}
