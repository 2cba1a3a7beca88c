import { getFormProps } from "@conform-to/react";
import { API_KEY_LOG_WINDOW_MS, REPEAT_LOG_WINDOW_MS } from "~/modules/audit/actions";
import { AuditLogTable } from "~/components/audit/audit-log-table";
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/route";
import { handleDataPrivacyAction, loadDataPrivacy } from "./privacy.server";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { pageMeta, Prose } from "~/components/page";
import { ExportList, RetentionSelect } from "~/components/privacy/data-privacy-sections";
import { PrivacyFactsList } from "~/components/privacy/privacy-facts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageSection } from "~/components/ui/page-section";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { DELETE_CONFIRMATION, DeleteAccountSchema } from "~/modules/privacy/privacy-forms";
import { AUDIO_RETENTION_CHOICES, RECORDING_RETENTION_CHOICES, RetentionFormSchema } from "~/modules/privacy/retention";
import { requireUserId } from "~/modules/platform/session.server";
import { withFormRefusals } from "~/modules/platform/refusals.server";
import { countOf } from "~/utils/plural";

export const meta: Route.MetaFunction = () =>
  pageMeta("Your data", "Export, delete and control how long Voxlate keeps your data.");

export async function loader({ request }: Route.LoaderArgs) {
  const userId = await requireUserId(request);
  return loadDataPrivacy(userId);
}

export const action = withFormRefusals(async ({ request, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  return handleDataPrivacyAction(request, userId, context);
});

const EXPORT_POLL_MS = 2000;

export default function DataPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, exports, log, recordingCount, facts, workspaceId } = loaderData;
  const refusal = pageRefusal(actionData);
  const [retention, retentionFields] = useSchemaForm(
    "retention",
    RetentionFormSchema,
    replyTo(actionData, "retention"),
    {
      intent: "retention",
      defaultValue: {
        audioDays: String(policy.chosen.audioDays ?? "never"),
        recordingDays: String(policy.chosen.recordingDays ?? "never"),
      },
    },
  );
  const [deletion, deletionFields] = useSchemaForm(
    "delete-account",
    DeleteAccountSchema,
    replyTo(actionData, "delete-account"),
    { intent: "delete-account", defaultValue: { when: "grace" } },
  );
  useErrorToast(formReplyOf(actionData), "Error");

  // While an export is being built, JavaScript refreshes its progress; without it, the "Check progress" link does.
  const building = exports.some((item) => item.status === "QUEUED" || item.status === "RUNNING");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [building, revalidator]);

  return (
    <>
      <AppPageHeader
        title="Your data and privacy"
        description="Take a copy of everything, choose how long we keep it, delete any of it, and see who accessed it."
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}

        <PageSection id="export-title" title="Export all my data">
          <p className="text-sm text-slate-600">
            One ZIP file with your profile, every recording&apos;s original audio, every transcript (JSON, TXT and SRT),
            translations and summaries, your support conversations, your sessions and your access log. We email you a
            link when it is ready; it works for {countOf(facts.exportLinkDays, "day")}, only for you.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="export" disabled={building} className={buttonClass("primary")}>
              Export all my data
            </button>
          </Form>
          <ExportList exports={exports} />
          {building ? (
            <p className="text-sm">
              <Link to="/data-privacy#export-title" reloadDocument className="text-brand-700 underline">
                Check progress
              </Link>
            </p>
          ) : null}
        </PageSection>

        <PageSection id="retention-title" title="Keep data only as long as you need it">
          <Form method="post" {...getFormProps(retention)} className="space-y-4">
            <input type="hidden" name="intent" value="retention" />
            <FormErrors form={retention} />
            <div className="grid gap-4 sm:grid-cols-2">
              <RetentionSelect
                label="Delete audio after the transcript is made"
                field={retentionFields.audioDays}
                choices={AUDIO_RETENTION_CHOICES}
                serverMax={policy.max.audioDays}
              />
              <RetentionSelect
                label="Delete whole recordings after upload"
                field={retentionFields.recordingDays}
                choices={RECORDING_RETENTION_CHOICES}
                serverMax={policy.max.recordingDays}
              />
            </div>
            <p className="text-sm text-slate-600">
              We check every day. Deleting audio keeps the transcript; deleting a recording removes its transcript,
              translations and summary too.
            </p>
            <button type="submit" className={buttonClass("primary")}>
              Save retention policy
            </button>
          </Form>
        </PageSection>

        <PageSection id="delete-title" title="Delete data">
          <Form method="post" id="delete-recordings" className="space-y-2">
            <p className="text-sm font-medium">All recordings ({countOf(recordingCount, "recording")})</p>
            <p className="text-sm text-slate-600">
              Removes every recording with its audio, transcript, translations and summary. To delete only one
              recording, or only its audio, open it from <Link to="/recordings">Recordings</Link>.
            </p>
            <ConfirmSubmit
              form="delete-recordings"
              name="intent"
              value="delete-recordings"
              label="Delete all recordings"
              title={`Delete all ${countOf(recordingCount, "recording")}?`}
              description="Every audio file and transcript is removed for good. Minutes already used stay used."
              confirmLabel="Delete all recordings"
              disabled={recordingCount === 0}
            />
          </Form>
          <Form method="post" {...getFormProps(deletion)} className="space-y-3 border-t border-slate-200 pt-4">
            <input type="hidden" name="intent" value="delete-account" />
            <p className="text-sm font-medium">Your account</p>
            <FormErrors form={deletion} />
            <fieldset className="space-y-2 text-sm">
              <legend className="sr-only">When to delete the account</legend>
              <label className="flex items-start gap-2">
                <input
                  type="radio"
                  name={deletionFields.when.name}
                  value="grace"
                  defaultChecked={deletionFields.when.initialValue !== "now"}
                  className="mt-1"
                />
                <span>
                  In {countOf(facts.accountGraceDays, "day")}. You are signed out now; sign in before then to cancel.
                </span>
              </label>
              <label className="flex items-start gap-2">
                <input
                  type="radio"
                  name={deletionFields.when.name}
                  value="now"
                  defaultChecked={deletionFields.when.initialValue === "now"}
                  className="mt-1"
                />
                <span>Now. This cannot be undone.</span>
              </label>
            </fieldset>
            <p className="text-sm text-slate-600">
              Your profile, recordings, transcripts, exports and support conversations are deleted from the database and
              from storage, and any paid plan is cancelled. The audit trail keeps that things happened, with your name,
              addresses, browsers and titles erased.
            </p>
            <Field
              label={`Type ${DELETE_CONFIRMATION} to confirm`}
              field={deletionFields.confirmation}
              autoComplete="off"
              required
            />
            <button type="submit" className={buttonClass("danger")}>
              Delete my account
            </button>
          </Form>
        </PageSection>

        <PageSection id="access-log-title" title="Access log">
          <p className="text-sm text-slate-600">
            Your part of the audit trail, newest first: sign-ins and failed sign-ins to your account, new browsers, the
            transcripts you opened (once per transcript in {minutes(REPEAT_LOG_WINDOW_MS)}), edits, exports, downloads,
            deletions, share links and their use, plan changes, and your API keys: created, revoked, and used (once per
            key, method and path in {minutes(API_KEY_LOG_WINDOW_MS)}), with the address each came from.
          </p>
          <AuditLogTable entries={log} caption="Your access log, newest first" />
          <p className="text-sm text-slate-600">
            Everything recorded in your workspace, by anyone (share links&apos; visitors included), with filters and a
            CSV download: <Link to={`/workspaces/${workspaceId}/audit`}>your workspace&apos;s audit log</Link>.
          </p>
        </PageSection>
      </div>
      <Prose>
        <PrivacyFactsList facts={facts} effective={policy.effective} />
        <p>
          Read the full <Link to="/privacy">privacy policy</Link>. Change your cookie choices from the &quot;Cookie
          settings&quot; link at the bottom of every page.
        </p>
      </Prose>
    </>
  );
}

/** "10 minutes", "an hour". */
const minutes = (ms: number) => (ms === 60 * 60_000 ? "an hour" : `${ms / 60_000} minutes`);

export const ErrorBoundary = () => <GeneralErrorBoundary />;
