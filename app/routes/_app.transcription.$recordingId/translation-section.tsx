import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ProgressBar } from "~/components/recordings/progress-bar";
import { TranslationLinks } from "~/components/recordings/translation-links";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { type FormReply, replyTo } from "~/components/ui/form-reply";
import { Select } from "~/components/ui/select";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { featureRefusal } from "~/modules/billing/plan-features";
import { TranslateSchema } from "~/modules/transcripts/transcript-forms";
import type { Route } from "./+types/route";

type PageData = Route.ComponentProps["loaderData"];

/** The translations shown side by side, the jobs under way, and the form that asks for another language. */
export function TranslationSection({
  recordingId,
  translation,
  renderedAt,
  canEdit,
  actionData,
  busy,
}: {
  recordingId: string;
  translation: PageData["translation"];
  renderedAt: number;
  canEdit: boolean;
  actionData: unknown;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="translate-title" className="rounded-xl border border-slate-200 p-6">
      <h2 id="translate-title" className="scroll-mt-48 font-semibold">
        Translation
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Segment by segment, keeping every time and speaker. Translator: {translation.translator}.
      </p>
      {translation.languages.length ? (
        <p className="mt-3 flex flex-wrap gap-3 text-sm">
          <TranslationLinks
            languages={translation.languages}
            showLanguage={translation.showLanguage}
            label="Show side by side:"
          />
        </p>
      ) : null}
      {translation.jobs.length ? (
        <ul className="mt-3 space-y-3">
          {translation.jobs.map((job) => (
            <li key={job.language} className="text-sm">
              {job.status === "FAILED" ? (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
                  The {job.label} translation failed: {job.failureReason}
                </p>
              ) : (
                <>
                  {/* The changing "updated" value makes each Refresh a new URL: going to the same URL plus
                      #translate-title would only scroll, not reload. */}
                  <form
                    method="get"
                    action={`/transcription/${recordingId}#translate-title`}
                    className="flex flex-wrap items-center gap-2"
                  >
                    <input type="hidden" name="updated" value={renderedAt} />
                    <span>
                      {job.status === "QUEUED"
                        ? `${job.label}: waiting for a free worker…`
                        : `${job.label}: translating… ${job.progress}%`}
                    </span>
                    <button type="submit" className="underline">
                      Refresh
                    </button>
                  </form>
                  <div className="mt-1">
                    <ProgressBar value={job.progress} label={`${job.label} translation progress`} />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!canEdit ? null : !translation.allowed ? (
        <p className="mt-3 text-sm text-slate-600">
          {featureRefusal("translation")}{" "}
          <Link to="/plan-selection" className="underline">
            Compare plans
          </Link>
        </p>
      ) : translation.targets.length ? (
        <TranslateForm targets={translation.targets} reply={replyTo(actionData, "translate")} busy={busy} />
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          The translator on this server has no language pair for this transcript's language.
        </p>
      )}
    </section>
  );
}

/** Queues a translation into one of the languages the translator has a pair for. */
function TranslateForm({
  targets,
  reply,
  busy,
}: {
  targets: PageData["translation"]["targets"];
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("translate", TranslateSchema, reply, { defaultValue: { intent: "translate" } });
  const invalid = Boolean(fields.target.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="translate" />
      <FormErrors form={form} />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="translate-target" className="block text-sm font-medium">
            Translate into
          </label>
          <Select
            id="translate-target"
            name={fields.target.name}
            options={targets}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? fields.target.errorId : undefined}
            className="w-auto"
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          {busy ? "Translating..." : "Translate"}
        </button>
      </div>
      {invalid ? (
        <p id={fields.target.errorId} role="alert" className="text-sm text-red-700">
          {fields.target.errors?.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
