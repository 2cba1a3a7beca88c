import { NotesExportOption } from "~/components/comments/notes-export-option";
import { LegalExportSection } from "~/components/legal/legal-export";
import { buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { EXPORT_FORMATS, EXPORT_LABELS } from "~/services/export/types";
import type { Route } from "./+types/route";

type PageData = Route.ComponentProps["loaderData"];

/** The working copy's download (a plain GET form) and the court-ready export with its caption (ADR 046). */
export function ExportSection({
  recordingId,
  translation,
  hasNotes,
  caption,
  speakers,
  canEdit,
  redacted,
  mayViewOriginal,
}: {
  recordingId: string;
  translation: PageData["translation"];
  hasNotes: boolean;
  caption: PageData["caption"];
  speakers: string[];
  canEdit: boolean;
  /** Something in the transcript is redacted (ADR 048). */
  redacted: boolean;
  mayViewOriginal: boolean;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="export-title" className="rounded-xl border border-slate-200 p-6">
        <h2 id="export-title" className="font-semibold">
          Export
        </h2>
        <form method="get" action={`/transcription/${recordingId}/export`} className="mt-3 space-y-3">
          <input type="hidden" name="options" value="1" />
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">Format</legend>
            {EXPORT_FORMATS.map((format, index) => (
              <label key={format} className="flex items-center gap-2 text-sm">
                <input type="radio" name="format" value={format} defaultChecked={index === 0} />
                {EXPORT_LABELS[format]}
              </label>
            ))}
          </fieldset>
          {translation.languages.length ? (
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                Language
                <Select
                  name="language"
                  defaultValue={translation.showLanguage ?? translation.languages[0].value}
                  options={translation.languages}
                  className="mt-0 w-auto px-2 py-1"
                />
              </label>
              <label className="flex items-center gap-2">
                Text
                <select name="text" defaultValue="original" className="rounded-md border border-slate-300 px-2 py-1">
                  <option value="original">Original</option>
                  <option value="translation">Translation</option>
                  <option value="both">Both (bilingual)</option>
                </select>
              </label>
            </div>
          ) : null}
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">Include</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="timestamps" defaultChecked /> Timestamps
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="speakers" defaultChecked /> Speaker names
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="cover" defaultChecked /> Cover (file, duration, date, engine)
            </label>
          </fieldset>
          {redacted && mayViewOriginal ? (
            <label className="flex items-center gap-2 text-sm">
              Version
              <select name="view" defaultValue="original" className="rounded-md border border-slate-300 px-2 py-1">
                <option value="original">Original (owners and admins)</option>
                <option value="redacted">Redacted (as others get it)</option>
              </select>
            </label>
          ) : redacted ? (
            <p className="text-sm text-slate-600">
              Redacted passages are exported as their labels, such as [PHONE] and [NAME].
            </p>
          ) : null}
          {hasNotes ? <NotesExportOption /> : null}
          <button type="submit" className={buttonClass("primary")}>
            Download
          </button>
        </form>
      </section>
      <LegalExportSection recordingId={recordingId} caption={caption} speakers={speakers} canEdit={canEdit} />
    </div>
  );
}
