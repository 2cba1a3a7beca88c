// The transcript's revisions, newest first, each with who saved it, when, and the words it changed: each can be viewed
// on its own page or restored here (a form, so it works without JavaScript). Restoring is itself a revision, so it
// can be undone by restoring the one before.
import { Link } from "react-router";
import type { RevisionDiff } from "~/modules/transcripts/revision-diff";
import { RevisionDiffView } from "./revision-diff-view";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

export interface RevisionRow {
  id: string;
  number: number;
  label: string;
  updatedAt: Date | string;
  /** The author's name; "Unknown author" for revisions saved before authors were kept. */
  author: string;
  /** Null for revisions saved before diffs were kept: their own page shows what they changed. */
  diff: RevisionDiff | null;
}

export function RevisionHistory({
  recordingId,
  revisions,
  canRestore = true,
}: {
  recordingId: string;
  revisions: RevisionRow[];
  /** False for a role that may not edit: the history is shown, without its Restore forms. */
  canRestore?: boolean;
}) {
  const restore = (revisionId: string, label: string) =>
    canRestore ? (
      <form method="post" action={`/transcription/${recordingId}`}>
        <input type="hidden" name="intent" value="restore-revision" />
        <input type="hidden" name="revisionId" value={revisionId} />
        <button type="submit" className="text-brand-700 underline" aria-label={`Restore ${label}`}>
          Restore
        </button>
      </form>
    ) : null;
  return (
    <details id="history" className="mt-10 rounded-xl border border-slate-200 p-6">
      <summary className="cursor-pointer font-semibold">Revision history ({countOf(revisions.length, "save")})</summary>
      <p className="mt-2 text-sm text-slate-600">
        Every save is kept. Restoring an earlier version adds a new revision, so nothing is lost.
      </p>
      <ol className="mt-3 divide-y divide-slate-200 text-sm">
        {revisions.map((revision, index) => (
          <li
            key={revision.id}
            data-revision={revision.number}
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
          >
            <span className="font-mono text-slate-600">#{revision.number}</span>
            <span className="min-w-0 flex-1">{revision.label}</span>
            <span className="text-slate-700">{revision.author}</span>
            <time dateTime={new Date(revision.updatedAt).toISOString()} className="text-slate-600">
              {formatDate(new Date(revision.updatedAt), "dateTime")}
            </time>
            <Link
              to={`/transcription/${recordingId}/revisions/${revision.id}`}
              className="text-brand-700 underline"
              aria-label={`View revision ${revision.number}`}
            >
              View
            </Link>
            {index === 0 ? (
              <span className="text-slate-600">current</span>
            ) : (
              restore(revision.id, `revision ${revision.number}`)
            )}
            {revision.diff ? (
              <div className="basis-full pl-8">
                <RevisionDiffView diff={revision.diff} />
              </div>
            ) : null}
          </li>
        ))}
        <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
          <span className="font-mono text-slate-600">#0</span>
          <span className="min-w-0 flex-1">As transcribed</span>
          <Link
            to={`/transcription/${recordingId}/revisions/original`}
            className="text-brand-700 underline"
            aria-label="View the transcript as transcribed"
          >
            View
          </Link>
          {revisions.length ? (
            restore("original", "the transcript as transcribed")
          ) : (
            <span className="text-slate-600">current</span>
          )}
        </li>
      </ol>
    </details>
  );
}
