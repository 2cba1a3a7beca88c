import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { GLOSSARY_MAX_TERMS, GlossarySchema, SensitiveTermsSchema } from "~/modules/accounts/glossary";

/**
 * The current workspace's glossary: one name, term or acronym a line. A plain form (it works without JavaScript);
 * Conform checks it as the user types. Each new transcription in the workspace is primed with it and spells its terms
 * its way. A team member whose role may not change it sees the list.
 */
export function GlossarySection({
  glossary: { terms, sensitiveTerms, workspaceName, team, canEdit },
  reply,
  sensitiveTermsReply,
}: {
  glossary: { terms: string[]; sensitiveTerms: string[]; workspaceName: string; team: boolean; canEdit: boolean };
  reply: SubmissionResult<string[]> | undefined;
  sensitiveTermsReply: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm("glossary", GlossarySchema, reply, {
    intent: "glossary",
    defaultValue: { terms: terms.join("\n") },
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "glossary";
  const invalid = Boolean(fields.terms.errors?.length);
  return (
    <section aria-labelledby="glossary-title" className="rounded-xl border border-slate-200 p-6">
      <h2 id="glossary-title" className="text-lg font-semibold">
        {team ? `Glossary of ${workspaceName}` : "Glossary"}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Names, terms and acronyms your recordings use, one a line (up to {GLOSSARY_MAX_TERMS}). New transcriptions are
        primed with them where the engine allows, and write them exactly as you do here, for example
        &ldquo;Voxlate&rdquo; for &ldquo;vox late&rdquo;. Transcripts already made stay as they are.
        {team ? " Everyone in the team shares this list." : ""}
      </p>
      {canEdit ? null : (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-slate-700">Only the team&apos;s owners and admins change it.</p>
          {terms.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Terms">
              {terms.map((term) => (
                <li key={term} className="rounded bg-slate-100 px-2 py-1 font-mono text-sm">
                  {term}
                  {sensitiveTerms.includes(term) ? (
                    <span className="ml-2 font-sans text-slate-700">(sensitive)</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">The list is empty.</p>
          )}
        </div>
      )}
      {canEdit ? (
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <FormErrors form={form} />
          <label htmlFor={fields.terms.id} className="block text-sm font-medium text-slate-800">
            Terms
          </label>
          <textarea
            {...getTextareaProps(fields.terms)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? fields.terms.errorId : undefined}
            rows={6}
            placeholder={"Voxlate\nKubernetes\nDr. Ngozi Okonjo-Iweala"}
            className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-500"
          />
          {invalid ? (
            <p id={fields.terms.errorId} role="alert" className="text-sm text-red-700">
              {fields.terms.errors?.join(" ")}
            </p>
          ) : null}
          <button type="submit" name="intent" value="glossary" disabled={busy} className={buttonClass("primary")}>
            {busy ? "Saving..." : "Save glossary"}
          </button>
        </Form>
      ) : null}
      {canEdit && terms.length ? (
        <SensitiveTermsForm terms={terms} sensitiveTerms={sensitiveTerms} reply={sensitiveTermsReply} />
      ) : null}
    </section>
  );
}

/**
 * A checkbox for each saved glossary entry: the ticked ones are suggested for redaction wherever a transcript of the
 * workspace says them (ADR 048). A form of its own, so it works without JavaScript; entries added to the glossary
 * above appear here once the glossary is saved.
 */
function SensitiveTermsForm({
  terms,
  sensitiveTerms,
  reply,
}: {
  terms: string[];
  sensitiveTerms: string[];
  reply: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm("sensitive-terms", SensitiveTermsSchema, reply, { intent: "sensitive-terms" });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "sensitive-terms";
  const errors = fields.sensitiveTerms.errors;
  const invalid = Boolean(errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <FormErrors form={form} />
      <fieldset aria-describedby={`sensitive-terms-help${invalid ? ` ${fields.sensitiveTerms.errorId}` : ""}`}>
        <legend id="sensitive-terms-title" className="text-sm font-medium text-slate-800">
          Sensitive terms
        </legend>
        <p id="sensitive-terms-help" className="mt-1 text-sm text-slate-600">
          Tick the entries that must not leave the workspace, such as a client&apos;s or a project&apos;s name.
          Redaction suggests them wherever a transcript says them. Save the glossary first to mark a new entry.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {terms.map((term) => {
            const marked = sensitiveTerms.includes(term);
            return (
              // Keyed by the mark too, so a saved change shows after the page's data is loaded again.
              <li key={`${marked ? "marked" : "unmarked"} ${term}`}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.sensitiveTerms.name}
                    value={term}
                    defaultChecked={marked}
                    className="h-4 w-4"
                  />
                  <span className="font-mono">{term}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {invalid ? (
        <p id={fields.sensitiveTerms.errorId} role="alert" className="text-sm text-red-700">
          {errors?.join(" ")}
        </p>
      ) : null}
      <button type="submit" name="intent" value="sensitive-terms" disabled={busy} className={buttonClass("secondary")}>
        {busy ? "Saving..." : "Save sensitive terms"}
      </button>
    </Form>
  );
}
