import { getFormProps } from "@conform-to/react";
import { hiddenFrom, scrubEverything } from "~/modules/redaction/view.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/_app.transcription.segment";
import { AddNoteForm, SegmentNotes } from "~/components/comments/segment-notes";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors, TextArea } from "~/components/ui/field";
import { pageRefusal, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { commentIntent } from "~/modules/comments/comment-actions.server";
import { recordingComments } from "~/modules/comments/comments.server";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { formatTimestamp } from "~/utils/timestamps";
import { editorActionToast, runEditorAction, segmentToEdit } from "~/modules/transcripts/editor.server";
import { EditSegmentSchema, SegmentPageActionSchema, SetSpeakerSchema } from "~/modules/transcripts/transcript-forms";
import { segmentHref } from "~/utils/transcript-links";

// GET /transcription/:recordingId/segments/:segmentId: one segment's forms, which work without JavaScript: its text,
// its speaker, a merge with the next, the split page and its notes. With JavaScript the editor does the same in place;
// the forms live here so that the editor's page of 50 segments carries none of them (docs/performance.md).
export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    data ? `Edit the segment at ${formatTimestamp(data.segment.start)}` : "Edit a segment",
    "Edit a segment.",
  ),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const found = await segmentToEdit(userId, params.recordingId, params.segmentId);
  const notes = await recordingComments(params.recordingId, params.segmentId);
  // A role that may not see the original reads the redacted words here too (ADR 048).
  return scrubEverything({ ...found, notes }, await hiddenFrom(userId, params.recordingId));
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const form = await readForm(request);
  const notes = await commentIntent(userId, params.recordingId, form);
  if (notes) return notes;
  const submission = parseWithZod(form, { schema: SegmentPageActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // The segment is the page's, whatever the form says.
  const input = { ...submission.value, segmentId: params.segmentId };
  const result = await runEditorAction(userId, params.recordingId, input, { request, context });
  const title = input.intent === "edit-segment" ? "Segment saved" : editorActionToast(input, result);
  return redirectWithToast(
    segmentHref(params.recordingId, params.segmentId),
    { type: "success", title },
    { status: 303 },
  );
});

export default function EditSegment({ loaderData, actionData }: Route.ComponentProps) {
  const { recording, segment, number, total, isLast, nextSpeaker, speakers, notes, wordAligner } = loaderData;
  const busy = useNavigation().state !== "idle";
  const back = segmentHref(recording.id, segment.id);
  const time = formatTimestamp(segment.start);
  const refusal = pageRefusal(actionData);
  const [textForm, textFields] = useSchemaForm("segment-text", EditSegmentSchema, replyTo(actionData, "edit-segment"), {
    defaultValue: { text: segment.text },
    intent: "edit-segment",
  });
  const [speakerForm, speakerFields] = useSchemaForm(
    "segment-speaker",
    SetSpeakerSchema,
    replyTo(actionData, "set-speaker"),
    { defaultValue: { speaker: segment.speaker ?? "" }, intent: "set-speaker" },
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to={back} className="underline">
          ← {recording.title}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Edit the segment at {time}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Segment {number.toLocaleString("en")} of {total.toLocaleString("en")}
        {segment.speaker ? `, ${segment.speaker}` : ""}
      </p>
      {refusal ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}

      <section aria-labelledby="segment-text-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="segment-text-title" className="font-semibold">
          Text
        </h2>
        <Form method="post" {...getFormProps(textForm)} className="mt-2 space-y-2">
          <FormErrors form={textForm} />
          <input type="hidden" name="intent" value="edit-segment" />
          <input type="hidden" name="segmentId" value={segment.id} />
          <TextArea
            label={`Text of the segment at ${time}`}
            hint={wordTimesHint(wordAligner)}
            field={textFields.text}
            rows={4}
            maxLength={5000}
          />
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Save segment
          </button>
        </Form>
      </section>

      <section aria-labelledby="segment-speaker-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="segment-speaker-title" className="font-semibold">
          Speaker
        </h2>
        <Form method="post" {...getFormProps(speakerForm)} className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="set-speaker" />
          <input type="hidden" name="segmentId" value={segment.id} />
          <Field
            label="Speaker of this segment"
            field={speakerFields.speaker}
            type="text"
            list="segment-speakers"
            maxLength={60}
          />
          <datalist id="segment-speakers">
            {speakers.map((speaker) => (
              <option key={speaker} value={speaker} />
            ))}
          </datalist>
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            Change speaker
          </button>
        </Form>
      </section>

      <section aria-labelledby="segment-join-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="segment-join-title" className="font-semibold">
          Merge or split
        </h2>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {isLast ? (
            <p className="text-sm text-slate-600">This is the last segment: there is nothing after it to merge.</p>
          ) : (
            <MergeForm
              segmentId={segment.id}
              speaker={segment.speaker}
              nextSpeaker={nextSpeaker}
              error={formErrorOf(actionData, "merge")}
              busy={busy}
            />
          )}
          <Link
            to={`/transcription/${recording.id}/segments/${segment.id}/split`}
            className="py-2 text-brand-700 underline"
          >
            Split this segment…
          </Link>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Each change is a revision: the transcript&apos;s history undoes it.
        </p>
      </section>

      <section aria-labelledby="segment-notes-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="segment-notes-title" className="font-semibold">
          Notes
        </h2>
        {notes.length ? null : <p className="mt-1 text-sm text-slate-600">No notes on this segment yet.</p>}
        <SegmentNotes notes={notes} busy={busy} />
        <div className="clear-both" />
        <h3 className="mt-4 text-sm font-semibold">Add a note</h3>
        <AddNoteForm segmentId={segment.id} reply={replyTo(actionData, "add-comment")} busy={busy} />
      </section>
    </div>
  );
}

/** The first message of a refused form, by its intent. */
function formErrorOf(actionData: unknown, intent: string) {
  return Object.values(replyTo(actionData, intent)?.error ?? {}).flat()[0] ?? undefined;
}

const speakerLabel = (speaker: string | null) => speaker ?? "No speaker";

/**
 * Merge with the next segment: one click when both are the same speaker's; when they are not, the form asks whose
 * the merged segment is (the server refuses a merge of two speakers without that choice).
 */
function MergeForm({
  segmentId,
  speaker,
  nextSpeaker,
  error,
  busy,
}: {
  segmentId: string;
  speaker: string | null;
  nextSpeaker: { speaker: string | null } | null;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="merge" />
      <input type="hidden" name="segmentId" value={segmentId} />
      {nextSpeaker ? (
        <fieldset aria-describedby={error ? "merge-error" : undefined}>
          <legend className="text-sm font-medium">
            The next segment is another speaker&apos;s. Whose words is the merged segment?
          </legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="speakerFrom" value="this" required /> {speakerLabel(speaker)} (this segment)
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="speakerFrom" value="next" required /> {speakerLabel(nextSpeaker.speaker)} (the
              next segment)
            </label>
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p id="merge-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        Merge with next
      </button>
    </Form>
  );
}

const segmentMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: segmentMissing }} />;

/** What happens to the words' times on a save, as it is for this transcript (ADR 047). */
function wordTimesHint(aligner: "pocketsphinx" | "whisper" | "none" | "no-audio") {
  const kept =
    "The segment keeps its times, and words you leave alone keep theirs. Words you type get times between their neighbours";
  if (aligner === "none")
    return `${kept}; no aligner on this server handles this transcript's language, so they are not matched to the audio.`;
  if (aligner === "no-audio") return `${kept}; the audio was deleted, so they are not matched to it.`;
  return `${kept}, then ${aligner === "whisper" ? "Whisper" : "Pocketsphinx"} matches them to the audio a few seconds after you save.`;
}
