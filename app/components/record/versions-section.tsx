// The transcript's versions and sign-off (issue 34, item 4; ADR 045): each version with its author, time, hash and
// word diff; whether the text changed since sign-off; the sign-off form for a role that may verify; and a check of
// the whole record (`?verify#versions-title`, a plain link) that names the first version that fails.
import { Form, Link } from "react-router";
import type { TranscriptRecordPanel } from "~/modules/transcripts/record-actions.server";
import { RevisionDiffView } from "~/components/editor/revision-diff-view";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";

type Versions = TranscriptRecordPanel["versions"];

const when = (value: Date | string) => (
  <time dateTime={new Date(value).toISOString()}>{formatDate(value, "dateTime")}</time>
);

export function VersionsSection({
  recordingId,
  versions: { versions, draft, verification },
  canVerify,
  canEdit,
  busy,
}: {
  recordingId: string;
  versions: Versions;
  canVerify: boolean;
  canEdit: boolean;
  busy: boolean;
}) {
  const here = `/transcription/${recordingId}`;
  const signed = versions.find((version) => version.signedOff);
  return (
    <section id="versions" aria-labelledby="versions-title" className="mt-10 rounded-xl border border-slate-200 p-6">
      <h2 id="versions-title" className="text-lg font-semibold">
        Versions and sign-off
      </h2>
      {signed?.signedOff ? (
        <p className="mt-2 text-sm" data-testid="sign-off-status">
          {`Version ${signed.number} was signed off by ${signed.signedOff.by.name} at `}
          {when(signed.signedOff.at)}.{" "}
          {draft.changedSinceSignOff ? (
            <strong className="text-amber-800">The text has changed since sign-off.</strong>
          ) : (
            <span className="text-green-800">The text is as signed off.</span>
          )}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="sign-off-status">
          Not signed off yet.
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        A version is a frozen copy whose SHA-256 is chained to the version before and to the audio&apos;s. Signing off
        locks the version; later edits make a new draft.
      </p>

      <div className="mt-4 flex flex-wrap gap-3">
        {canVerify ? (
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="intent" value="sign-off" />
            <input type="hidden" name="contentHash" value={draft.contentHash} />
            <button
              type="submit"
              disabled={busy || (!draft.changedSinceSignOff && Boolean(signed))}
              className={buttonClass("primary")}
            >
              Sign off the current text
            </button>
          </Form>
        ) : null}
        {canEdit && draft.changedSinceLatestVersion ? (
          <Form method="post" action={here} preventScrollReset>
            <input type="hidden" name="intent" value="save-version" />
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              Save as a version
            </button>
          </Form>
        ) : null}
        <Link to={`${here}?verify#versions-title`} preventScrollReset className={buttonClass("ghost")}>
          Verify the record
        </Link>
      </div>
      {!canVerify ? (
        <p className="mt-2 text-sm text-slate-600">Reviewers, admins and owners sign off; your role does not.</p>
      ) : null}

      {verification ? (
        <div
          role="status"
          data-testid="verification"
          className={`mt-4 rounded-lg border p-4 text-sm ${verification.holds ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50"}`}
        >
          <p className="font-semibold">
            {verification.holds
              ? "The record holds: every version's hashes and links, and the audio's SHA-256."
              : verification.firstFailingVersion
                ? `The record does not hold: version ${verification.firstFailingVersion} fails.`
                : "The record does not hold: the audio fails its check."}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {verification.versions
              .filter((check) => !check.holds)
              .map((check) => (
                <li key={check.number}>{check.problem}</li>
              ))}
            {verification.unrecordedChanges ? (
              <li>
                {verification.unrecordedChanges.starts.length} segment(s) changed after version{" "}
                {verification.unrecordedChanges.version} with no edit recorded.
              </li>
            ) : null}
            <li>
              Audio:{" "}
              {
                {
                  holds: "its SHA-256 matches.",
                  fails: "the stored file's SHA-256 does not match the one taken when it was transcribed.",
                  missing: "the stored file is missing.",
                  "audio-deleted": "deleted on purpose; its SHA-256 is kept in each version.",
                  "not-hashed": "no SHA-256 was taken before the audio was gone.",
                }[verification.media.status]
              }
            </li>
          </ul>
        </div>
      ) : null}

      <ol className="mt-4 divide-y divide-slate-200 text-sm">
        {versions.map((version) => (
          <li key={version.number} id={`version-${version.number}`} className="space-y-1 py-3">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-semibold">Version {version.number}</span>
              <span>{version.author ? version.author.name : "Machine transcript"}</span>
              <span className="text-slate-600">{when(version.createdAt)}</span>
              {version.signedOff ? (
                <span className="rounded bg-green-100 px-1.5 text-green-900">
                  Signed off by {version.signedOff.by.name} at {when(version.signedOff.at)}
                </span>
              ) : null}
            </p>
            <p className="font-mono text-xs break-all text-slate-600">
              SHA-256 <span title="The version's hash">{version.hash}</span>
            </p>
            {version.diff ? <RevisionDiffView diff={version.diff} /> : null}
          </li>
        ))}
      </ol>
      {draft.changedSinceLatestVersion ? (
        <p className="mt-2 text-sm text-amber-800">
          Draft: the text has changed since version {draft.latestVersion}
          {draft.changedSinceSignOff ? " (changed since sign-off)" : ""}.
        </p>
      ) : null}
    </section>
  );
}
