import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { type FormReply, formReplyOf, pageRefusal } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  CreateShareSchema,
  type CreatedShareLink,
  SHARE_EXPIRIES,
  SHARE_EXPIRY_LABELS,
  SHARE_PASSWORD_MIN_LENGTH,
  type ShareLinkSummary,
} from "~/modules/sharing/share-forms";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

/** What the share route's action answers to a create: the new link, or Conform's reply with the errors. */
export type ShareActionData = { created: CreatedShareLink } | FormReply | undefined;

function stateText(link: ShareLinkSummary): string {
  if (link.state === "revoked") return "Turned off";
  if (link.state === "expired") return "Expired";
  return link.expiresAt ? `Expires ${formatDate(link.expiresAt, "dateTime")}` : "Never expires";
}

/** The full link, shown once: with JavaScript a Copy button, without it a field to select and copy. */
function NewLink({ created }: { created: CreatedShareLink }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <div role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <p className="font-medium">Link created. Copy it now: it is shown only this once.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="new-share-link" className="sr-only">
          New share link
        </label>
        <input
          ref={inputRef}
          id="new-share-link"
          readOnly
          value={created.url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-green-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
        />
        {canCopy ? (
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => {
              void navigator.clipboard.writeText(created.url).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The owner's share links for one transcript: make a read-only link (expiry, optional password, downloads or not),
 * see each link's views, and turn links off. The forms post to /transcription/:id/share, which works as a page
 * without JavaScript; with it, a new link appears here without leaving the page.
 */
export function SharePanel({
  recordingId,
  links,
  actionData,
}: {
  recordingId: string;
  links: ShareLinkSummary[];
  /** The action's answer when this panel is rendered by the share page itself (no JavaScript). */
  actionData?: ShareActionData;
}) {
  const fetcher = useFetcher<ShareActionData>({ key: `share-${recordingId}` });
  const answer = fetcher.data ?? actionData;
  const action = `/transcription/${recordingId}/share`;
  const [form, fields] = useSchemaForm("create-share", CreateShareSchema, formReplyOf(answer), {
    defaultValue: { intent: "create", expiry: "7d" },
    intent: "create",
  });
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const created = answer && "created" in answer ? answer.created : undefined;
  const refusal = pageRefusal(answer);
  // A new link was made: clear the form (the password must not stay on screen).
  useEffect(() => {
    if (created?.id) formRef.current?.reset();
  }, [created?.id]);
  return (
    <section id="share" aria-labelledby="share-title" className="mt-10 rounded-xl border border-slate-200 p-6">
      <h2 id="share-title" className="scroll-mt-48 font-semibold">
        Share a read-only link
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Anyone with the link can play the recording and read the transcript, its summary and translations. They cannot
        edit anything or see your other recordings.
      </p>
      {created ? <NewLink created={created} /> : null}
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <fetcher.Form method="post" action={action} {...getFormProps(form)} ref={formRef} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="create" />
        <FormErrors form={form} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Label (optional)" hint="For you: who the link is for." field={fields.label} maxLength={80} />
          <Field
            label="Password (optional)"
            hint={`At least ${SHARE_PASSWORD_MIN_LENGTH} characters. Send it separately from the link.`}
            field={fields.password}
            type="password"
            autoComplete="new-password"
            maxLength={200}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Expires after</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {SHARE_EXPIRIES.map((expiry) => (
              <label key={expiry} className="flex items-center gap-2 text-sm">
                <input type="radio" name={fields.expiry.name} value={expiry} defaultChecked={expiry === "7d"} />
                {SHARE_EXPIRY_LABELS[expiry]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={fields.allowDownloads.name} /> Allow downloads (PDF, DOCX, TXT, subtitles, JSON)
        </label>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Creating link…" : "Create link"}
        </button>
      </fetcher.Form>

      {links.length ? (
        <div className="mt-6">
          <h3 className="text-sm font-semibold">Your links</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">
                    {link.label ? `${link.label} ` : null}
                    <span className="font-mono text-slate-600">{`/s/${link.tokenPrefix}…`}</span>
                  </p>
                  <p className="text-slate-600">
                    {stateText(link)} · {countOf(link.views, "view")}
                    {link.hasPassword ? " · password" : ""}
                    {link.allowDownloads ? " · downloads allowed" : " · no downloads"}
                  </p>
                </div>
                {link.state === "revoked" ? null : (
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <button
                      type="submit"
                      className={buttonClass("secondary")}
                      aria-label={`Turn off link ${link.label ?? link.tokenPrefix}`}
                    >
                      Turn off
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
