// The court-ready export on the transcript page (ADR 046): the legal layout's download, with its options, and the
// caption saved with the recording. Plain forms: the download is a GET, the caption a POST to its own route, so both
// work without JavaScript.
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors, TextArea } from "~/components/ui/field";
import type { FormReply } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { CAPTION_LIMITS, type CaptionInput, CaptionFormSchema } from "~/modules/transcripts/legal-forms";
import { DEFAULT_LEGAL_TIME_ZONE } from "~/services/export/legal-types";

/** Offered as suggestions; any IANA name the server's Intl knows is accepted. */
const COMMON_TIME_ZONES = [
  "UTC",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Australia/Sydney",
];

function TimeZoneSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {COMMON_TIME_ZONES.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

/** The legal layout's download: PDF/A or Word, the time zone, Q./A. and the word index. */
export function LegalDownloadForm({
  action,
  caption,
}: {
  /** The export route: the owner's, or a share link's. */
  action: string;
  /** Unknown on a share link: Q./A. is offered, and applies when the caption names an examination. */
  caption?: Pick<CaptionInput, "examiner" | "witness" | "timeZone">;
}) {
  const examination = caption ? Boolean(caption.examiner && caption.witness) : true;
  const timeZone = caption?.timeZone ?? DEFAULT_LEGAL_TIME_ZONE;
  // Its labels differ from the standard export's ("Download", "Word (DOCX)"), so each control has a name of its own.
  return (
    <form method="get" action={action} className="mt-3 space-y-3" aria-label="Court transcript download">
      <input type="hidden" name="layout" value="legal" />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Format</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="format" value="pdf" defaultChecked /> PDF/A-2b
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="format" value="docx" /> Word document
        </label>
      </fieldset>
      <div className="max-w-xs text-sm">
        <Field
          label="Time zone"
          name="tz"
          list="legal-time-zones"
          placeholder={DEFAULT_LEGAL_TIME_ZONE}
          defaultValue={timeZone === DEFAULT_LEGAL_TIME_ZONE ? "" : timeZone}
          hint="An IANA name, such as Europe/Berlin. Empty: UTC, and the caption page says so."
          autoComplete="off"
        />
        <TimeZoneSuggestions id="legal-time-zones" />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Options</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="qa" disabled={!examination} /> Q./A. layout
          {examination ? null : <span className="text-slate-500">(name the examiner and witness below)</span>}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="index" value="words" /> Word index
        </label>
      </fieldset>
      <button type="submit" className={buttonClass("primary")}>
        Export court transcript
      </button>
    </form>
  );
}

/** The caption saved with the recording: posts to /transcription/:id/caption. */
export function CaptionForm({
  recordingId,
  caption,
  speakers,
  reply,
}: {
  recordingId: string;
  caption: CaptionInput;
  speakers: string[];
  reply?: FormReply;
}) {
  const [form, fields] = useSchemaForm("caption", CaptionFormSchema, reply, {
    defaultValue: { ...caption, appearances: caption.appearances.join("\n") },
  });
  return (
    <Form
      method="post"
      action={`/transcription/${recordingId}/caption`}
      {...getFormProps(form)}
      className="mt-3 space-y-3"
    >
      <FormErrors form={form} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Matter" field={fields.matter} maxLength={CAPTION_LIMITS.line} placeholder="Smith v. Jones" />
        <Field label="Case number" field={fields.caseNumber} maxLength={CAPTION_LIMITS.name} />
        <Field label="Court or venue" field={fields.court} maxLength={CAPTION_LIMITS.line} />
        <Field label="Place" field={fields.place} maxLength={CAPTION_LIMITS.line} />
        <Field label="Date" type="date" field={fields.date} />
        <Field
          label="Recording began at"
          type="time"
          field={fields.startTime}
          hint="Local time on that date: with it, the transcript gives clock times."
        />
        <Field
          label="Time zone of the date and time"
          field={fields.timeZone}
          list="caption-time-zones"
          autoComplete="off"
        />
        <TimeZoneSuggestions id="caption-time-zones" />
      </div>
      <TextArea
        label="Appearances"
        field={fields.appearances}
        rows={3}
        hint={`One a line, such as "For the plaintiff: Jane Roe, Esq." (at most ${CAPTION_LIMITS.appearances}).`}
      />
      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium">Examination (for the Q./A. layout)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Heading" field={fields.examinationTitle} placeholder="Direct examination of Ms. Doe" />
          <Field label="Examiner (asks, Q.)" field={fields.examiner} list="caption-speakers" autoComplete="off" />
          <Field label="Witness (answers, A.)" field={fields.witness} list="caption-speakers" autoComplete="off" />
        </div>
        <datalist id="caption-speakers">
          {speakers.map((speaker) => (
            <option key={speaker} value={speaker} />
          ))}
        </datalist>
      </fieldset>
      <button type="submit" className={buttonClass("secondary")}>
        Save caption
      </button>
    </Form>
  );
}

/** The section the transcript page renders under its export. */
export function LegalExportSection({
  recordingId,
  caption,
  speakers,
  canEdit,
}: {
  recordingId: string;
  caption: CaptionInput;
  speakers: string[];
  canEdit: boolean;
}) {
  return (
    <section
      aria-labelledby="legal-export-title"
      id="legal-export"
      className="mt-10 rounded-xl border border-slate-200 p-6"
    >
      <h2 id="legal-export-title" className="font-semibold">
        Court transcript (legal layout)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A caption page, 25 numbered lines a page cited as page:line, an index of speakers and a certificate with the
        media&apos;s SHA-256. Until a reviewer signs the transcript off, the certificate says it is an unreviewed
        machine transcript.
      </p>
      <LegalDownloadForm action={`/transcription/${recordingId}/export`} caption={caption} />
      {canEdit ? (
        <>
          <h3 className="mt-6 text-sm font-semibold">Caption</h3>
          <CaptionForm recordingId={recordingId} caption={caption} speakers={speakers} />
        </>
      ) : null}
    </section>
  );
}
