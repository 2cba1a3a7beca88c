import { Form } from "react-router";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { formatDate } from "~/utils/dates";

/** On the transcript page: delete the original audio, keep the transcript. Posts to /data-privacy. */
export function DeleteAudioForm({
  recording,
}: {
  recording: { id: string; title: string; status: string; audioDeletedAt: Date | string | null };
}) {
  if (recording.audioDeletedAt) {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium">Audio</p>
        <p className="text-sm text-slate-600">
          The audio was deleted on {formatDate(recording.audioDeletedAt)}. The transcript is kept.
        </p>
      </div>
    );
  }
  if (recording.status === "QUEUED" || recording.status === "PROCESSING") return null;
  return (
    <Form method="post" action="/data-privacy" id="delete-audio" className="space-y-2">
      <input type="hidden" name="recordingId" value={recording.id} />
      <p className="text-sm font-medium">Delete the audio only</p>
      <p className="text-sm text-slate-600">Removes the audio file; the transcript, translations and summary stay.</p>
      <ConfirmSubmit
        form="delete-audio"
        name="intent"
        value="delete-audio"
        label="Delete audio"
        variant="secondary"
        title={`Delete the audio of “${recording.title}”?`}
        description="The audio file is removed for good and cannot be played or transcribed again. The transcript stays."
        confirmLabel="Delete audio"
      />
    </Form>
  );
}
