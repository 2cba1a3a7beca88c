import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SaveVoiceCheckbox } from "~/components/speakers/save-voice-checkbox";
import { SpeakerVoicesSection } from "~/components/speakers/speaker-voices-section";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { type FormReply, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { RenameSpeakerSchema } from "~/modules/transcripts/transcript-forms";
import type { RecordingSpeakerVoice } from "~/modules/speakers/speakers.server";
import { cn } from "~/utils/cn";

/** Who speaks in the transcript; an editor renames a speaker everywhere and keeps voices in the speaker library. */
export function SpeakersSection({
  speakers,
  voices,
  canEdit,
  actionData,
  busy,
}: {
  speakers: string[];
  voices: RecordingSpeakerVoice[];
  canEdit: boolean;
  actionData: unknown;
  busy: boolean;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="speakers-title" className="rounded-xl border border-slate-200 p-6">
        <h2 id="speakers-title" className="scroll-mt-48 font-semibold">
          {canEdit && speakers.length ? "Rename a speaker" : "Speakers"}
        </h2>
        {speakers.length ? (
          <p className="mt-1 text-sm text-slate-600">In this transcript: {speakers.join(", ")}.</p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">This transcript has no speaker labels.</p>
        )}
        {canEdit && speakers.length ? (
          <RenameSpeakerForm speakers={speakers} reply={replyTo(actionData, "rename-speaker")} busy={busy} />
        ) : null}
      </section>
      {canEdit ? <SpeakerVoicesSection voices={voices} busy={busy} /> : null}
    </div>
  );
}

/** Renames one speaker in every segment. */
function RenameSpeakerForm({
  speakers,
  reply,
  busy,
}: {
  speakers: string[];
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("rename-speaker", RenameSpeakerSchema, reply, {
    defaultValue: {
      intent: "rename-speaker",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="rename-speaker" />
      <FormErrors form={form} />
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <label htmlFor={fields.from.id} className="block text-sm font-medium text-slate-800">
            Speaker
          </label>
          <select
            key={fields.from.key}
            id={fields.from.id}
            name={fields.from.name}
            defaultValue={typeof fields.from.initialValue === "string" ? fields.from.initialValue : undefined}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2"
          >
            {speakers.map((speaker) => (
              <option key={speaker}>{speaker}</option>
            ))}
          </select>
        </div>
        <div>
          <Field label="New name" field={fields.to} required maxLength={60} />
        </div>
        <button type="submit" disabled={busy} className={cn(buttonClass("secondary"), "mt-6")}>
          Rename everywhere
        </button>
      </div>
      <SaveVoiceCheckbox />
    </Form>
  );
}
