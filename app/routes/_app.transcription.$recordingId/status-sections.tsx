import { Form, Link } from "react-router";
import { ConfidenceText } from "~/components/recordings/confidence-text";
import { ProgressBar } from "~/components/recordings/progress-bar";
import { buttonClass } from "~/components/ui/button";
import { queuePositionText, timeLeftText } from "~/modules/recordings/recording-format";
import { formatTimestamp } from "~/utils/timestamps";
import type { Route } from "./+types/route";

type PageData = Route.ComponentProps["loaderData"];

const NO_JS_REFRESH_SECONDS = 5;

/** Before the transcript is finished: its progress and the text so far, or why it failed and a retry. */
export function StatusSections({
  recording,
  segments,
  progress,
  canEdit,
  canUpload,
  busy,
}: {
  recording: PageData["recording"];
  segments: PageData["segments"];
  progress: PageData["progress"];
  canEdit: boolean;
  canUpload: boolean;
  busy: boolean;
}) {
  const pending = recording.status === "QUEUED" || recording.status === "PROCESSING";
  return (
    <>
      {pending ? (
        <section aria-labelledby="progress-title" className="mt-8 space-y-3 rounded-xl border border-slate-200 p-6">
          <h2 id="progress-title" className="font-semibold">
            {recording.status === "QUEUED" ? "Waiting for a free worker…" : `Transcribing… ${recording.progress}%`}
          </h2>
          <ProgressBar value={recording.status === "QUEUED" ? 0 : recording.progress} label="Transcription progress" />
          {progress ? (
            <p className="flex flex-wrap gap-x-3 text-sm font-medium text-slate-800" data-testid="transcription-eta">
              {progress.queuePosition ? <span>{queuePositionText(progress.queuePosition)}</span> : null}
              <span>{timeLeftText(progress.secondsLeft)}</span>
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            You can leave this page; the transcript is saved when it is done
            {recording.durationSeconds >= 300 ? " and we email you" : ""}.{" "}
            <Link to={`/transcription/${recording.id}`} reloadDocument className="underline">
              Refresh
            </Link>
          </p>
          {/* Without JavaScript the page reloads itself every few seconds while the job runs. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
          </noscript>
          <Form method="post" hidden={!canEdit}>
            <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass("secondary")}>
              Cancel transcription
            </button>
          </Form>
        </section>
      ) : null}

      {pending && segments.length ? (
        <section aria-labelledby="partial-title" className="mt-6">
          <h2 id="partial-title" className="text-xl font-semibold">
            Transcript so far
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The text appears as each part of the recording is done. Speaker names and edits come when it is finished; a
            cancelled transcription keeps no text.
          </p>
          <ol className="mt-4 space-y-2" aria-live="polite">
            {segments.map((segment) => (
              <li key={segment.id} className="rounded-lg border border-slate-200 p-3">
                <span className="font-mono text-sm text-slate-600">{formatTimestamp(segment.start)}</span>
                <p className="mt-1">
                  <ConfidenceText text={segment.text} words={segment.words} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {recording.status === "FAILED" || recording.status === "CANCELLED" ? (
        <section className="mt-8 space-y-3 rounded-xl border border-slate-200 p-6">
          <h2 className="font-semibold">
            {recording.status === "FAILED" ? "The transcription failed" : "The transcription was cancelled"}
          </h2>
          <p className="text-sm text-slate-700">{recording.failureReason ?? "No minutes were charged."}</p>
          <Form method="post" hidden={!canUpload}>
            <button type="submit" name="intent" value="retry" disabled={busy} className={buttonClass("primary")}>
              Retry
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
