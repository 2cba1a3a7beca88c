import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { DeleteAudioForm } from "~/components/privacy/delete-audio-form";
import { buttonClass } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { Field, FormErrors } from "~/components/ui/field";
import { type FormReply, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { RenameSchema } from "~/modules/transcripts/transcript-forms";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/route";

type Recording = Route.ComponentProps["loaderData"]["recording"];

/** Rename the recording, delete its audio (keeping the transcript) or delete it all: what the role allows. */
export function ManageSection({
  recording,
  canEdit,
  canDelete,
  actionData,
  busy,
}: {
  recording: Recording;
  canEdit: boolean;
  canDelete: boolean;
  actionData: unknown;
  busy: boolean;
}) {
  if (!canEdit && !canDelete) return null;
  return (
    <section
      aria-labelledby="manage-title"
      id="manage"
      className="grid scroll-mt-8 gap-6 rounded-xl border border-slate-200 p-6 sm:grid-cols-2"
    >
      <h2 id="manage-title" className="sr-only">
        Manage
      </h2>
      {canEdit ? (
        <RenameForm key={recording.title} title={recording.title} reply={replyTo(actionData, "rename")} busy={busy} />
      ) : null}
      {canDelete ? (
        <>
          <DeleteAudioForm recording={recording} />
          <Form method="post" id="delete-recording" className="space-y-2">
            <p className="text-sm font-medium">Delete</p>
            <p className="text-sm text-slate-600">
              Removes the audio file and the transcript. Minutes already used stay used.
            </p>
            <ConfirmSubmit
              form="delete-recording"
              name="intent"
              value="delete"
              label="Delete recording"
              title={`Delete “${recording.title}”?`}
              description="The audio file and its transcript are removed for good. This cannot be undone."
              confirmLabel="Delete recording"
              disabled={busy}
            />
          </Form>
        </>
      ) : null}
    </section>
  );
}

/** Why a reader sees no forms: their role reads and exports only. */
export function ReadOnlyNotice({ role }: { role: string }) {
  return (
    <p
      className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      data-testid="read-only"
    >
      You can read, play and export this transcript. Your role in this workspace ({role.toLowerCase()}) does not allow
      editing it, sharing it or deleting it.
    </p>
  );
}

/** The recording's name, checked beside the field. */
function RenameForm({ title, reply, busy }: { title: string; reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm("rename", RenameSchema, reply, { defaultValue: { intent: "rename", title } });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="rename" />
      <FormErrors form={form} />
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Name" field={fields.title} required maxLength={200} />
        </div>
        <button type="submit" disabled={busy} className={cn(buttonClass("secondary"), "mt-6")}>
          Rename
        </button>
      </div>
    </Form>
  );
}
