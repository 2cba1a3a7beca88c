import type { Route } from "./+types/_app.transcription.revision";
import { hiddenFrom, scrubEverything } from "~/modules/redaction/view.server";
import { Link } from "react-router";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { formatTimestamp } from "~/utils/timestamps";
import { requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { can } from "~/modules/workspaces/policy";
import { viewRevision } from "~/modules/transcripts/editor.server";
import { formatDate } from "~/utils/dates";
import { RevisionDiffView } from "~/components/editor/revision-diff-view";

// GET /transcription/:recordingId/revisions/:revisionId ("original": as transcribed): the transcript as it was then,
// read-only, with a form that restores it (posted to the transcript page).
export const meta: Route.MetaFunction = () => [
  ...pageMeta("Earlier version", "An earlier version of a transcript."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const { recording, role } = await requireRecordingAndRole(userId, params.recordingId, "view");
  const { revision, segments } = await viewRevision(userId, params.recordingId, params.revisionId);
  // A role that may not see the original reads the redacted words here too (ADR 048).
  return scrubEverything(
    {
      recording: { id: recording.id, title: recording.title },
      revision,
      segments,
      revisionId: params.revisionId,
      canRestore: can(role, "edit"),
    },
    await hiddenFrom(userId, params.recordingId),
  );
});

export default function RevisionView({ loaderData }: Route.ComponentProps) {
  const { recording, revision, segments, revisionId, canRestore } = loaderData;
  const title = revision ? `Revision ${revision.number}` : "As transcribed";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <Link to={`/transcription/${recording.id}#history`} className="underline">
          ← {recording.title}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">
        {recording.title}: {title}
      </h1>
      <p className="mt-2 text-slate-700">
        {revision
          ? `${revision.label}, by ${revision.author}, ${formatDate(revision.savedAt, "dateTime")}.`
          : "The transcript before any edit."}{" "}
        This is how the whole transcript read then.
      </p>
      {revision ? (
        <section
          aria-labelledby="revision-changes-title"
          className="mt-4 rounded-lg border border-slate-200 p-3 text-sm"
        >
          <h2 id="revision-changes-title" className="font-semibold">
            What it changed
          </h2>
          <div className="mt-2">
            <RevisionDiffView diff={revision.diff} />
          </div>
        </section>
      ) : null}
      <form method="post" action={`/transcription/${recording.id}`} className="mt-4" hidden={!canRestore}>
        <input type="hidden" name="intent" value="restore-revision" />
        <input type="hidden" name="revisionId" value={revisionId} />
        <button type="submit" className={buttonClass("primary")}>
          Restore this version
        </button>
      </form>
      <ol className="mt-6 space-y-2">
        {segments.map((segment) => (
          <li key={segment.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap gap-2 text-sm">
              <span className="font-mono text-slate-600">{formatTimestamp(segment.start)}</span>
              {segment.speaker ? <span className="font-semibold">{segment.speaker}</span> : null}
            </div>
            <p className="mt-1">{segment.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

const revisionMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: revisionMissing }} />;
