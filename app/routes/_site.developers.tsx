import { useLoaderData } from "react-router";
import type { Route } from "./+types/_site.developers";
import { ApiReference, type OpenApiDocument } from "~/components/developers/api-reference";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-events";
import { openApiDocument } from "~/modules/developers/openapi.server";
import { appOrigin } from "~/config/env.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () =>
  pageMeta("Developers", "The Voxlate REST API: API keys, endpoints, errors, idempotency and signed webhooks.");

export function loader() {
  return { document: openApiDocument(appOrigin()) as unknown as OpenApiDocument, origin: appOrigin() };
}

export default function Developers() {
  const { document, origin } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="Voxlate API"
        lead="Send recordings from your own tools and get transcripts, translations and summaries back."
      />
      <Prose>
        <h2>Getting started</h2>
        <p>
          Create an API key on your <a href="/account#api-keys-title">account page</a> (it is shown once) and send it
          with every request: <code>Authorization: Bearer vxk_…</code>. A key has the <code>read</code> scope, the{" "}
          <code>write</code> scope, or both. Requests are limited per key; past the limit the answer is 429 with{" "}
          <code>Retry-After</code>.
        </p>
        <pre>
          <code>{`curl -H "Authorization: Bearer $VOXLATE_KEY" \\
  -F file=@interview.mp3 -F language=auto \\
  ${origin}/api/v1/recordings`}</code>
        </pre>
        <p>
          The machine-readable description is <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
          This version, v1, only grows: new fields and endpoints may appear, nothing is removed or changes meaning.
        </p>
        <h2>Errors</h2>
        <p>
          Every error is an RFC 9457 problem (<code>application/problem+json</code>) with <code>status</code>,{" "}
          <code>title</code> and a <code>detail</code> sentence you can show; 422 adds <code>errors</code>, one per
          field.
        </p>
        <h2>Retrying safely</h2>
        <p>
          Send an <code>Idempotency-Key</code> header (a UUID) with a POST: a retry with the same key within 24 hours
          gets the first answer (marked <code>Idempotent-Replayed: true</code>) instead of creating a second
          transcription. The same key with a different request is refused with 422.
        </p>
        <h2>Large files</h2>
        <p>
          Upload with <a href="https://tus.io/protocols/resumable-upload">tus 1.0</a> to <code>/api/v1/uploads</code>{" "}
          with the same bearer key. Put <code>filename</code>, <code>language</code>, <code>speakerLabels</code>,{" "}
          <code>speakerCount</code> and <code>translateTo</code> in <code>Upload-Metadata</code>; the last PATCH answers
          with the recording&rsquo;s id in <code>Upload-Recording-Id</code>.
        </p>
        <h2>Webhooks</h2>
        <p>
          Register receivers on your account page for{" "}
          {WEBHOOK_EVENTS.map((event, index) => (
            <span key={event}>
              {index ? ", " : ""}
              <code>{event}</code>
            </span>
          ))}
          . Each delivery is a JSON POST signed in the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>{" "}
          format: headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> (
          <code>v1,</code> then the base64 HMAC-SHA256 of <code>id.timestamp.body</code>, keyed with the base64 part of
          your <code>whsec_</code> secret). Answer 2xx within 15 seconds; anything else is retried with exponential
          backoff for up to 24 hours. Deliveries keep their <code>webhook-id</code> on retries, so you can ignore
          repeats.
        </p>
      </Prose>
      <div className="mx-auto max-w-4xl px-4 pb-16">
        <ApiReference document={document} />
      </div>
    </>
  );
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
