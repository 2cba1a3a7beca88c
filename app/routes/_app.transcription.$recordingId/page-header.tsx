import { Link } from "react-router";
import { EngineNotice } from "~/components/recordings/engine-notice";
import { StatusBadge } from "~/components/recordings/recording-row";
import { formatBytes, formatDuration } from "~/modules/recordings/recording-format";
import { languageName } from "~/utils/languages";
import type { Route } from "./+types/route";

type PageData = Route.ComponentProps["loaderData"];

/** The recording's name and facts, and the page's actions. */
export function PageHeader({
  recording,
  engine,
  engineNotice,
  may,
}: Pick<PageData, "recording" | "engine" | "engineNotice" | "may">) {
  const spokenLanguage = recording.transcriptLanguage ?? recording.language;
  const detected = !recording.language && Boolean(recording.transcriptLanguage);
  return (
    <>
      <p className="text-sm">
        <Link to="/recordings" className="underline">
          ← All recordings
        </Link>
      </p>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">{recording.title}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <StatusBadge status={recording.status} progress={recording.progress} />
            <span>{formatDuration(recording.durationSeconds)}</span>
            <span>{formatBytes(recording.sizeBytes)}</span>
            <span>
              {spokenLanguage
                ? `${languageName(spokenLanguage)}${detected ? " (detected)" : ""}`
                : "Language: detect automatically"}
            </span>
            <span>{recording.fileName}</span>
          </p>
          {engine ? <p className="text-sm text-slate-700">Transcribed by {engine}.</p> : null}
          {engineNotice ? <EngineNotice notice={engineNotice} /> : null}
        </div>
        {recording.status === "COMPLETED" ? <PageActions recordingId={recording.id} may={may} /> : null}
      </header>
    </>
  );
}

const ACTION_CLASS =
  "inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50";

/**
 * What a user does with the whole recording, one link each: to a section of this page (which opens its tab) or to
 * another page of the recording. A new page of the recording adds its link here.
 */
function PageActions({ recordingId, may }: { recordingId: string; may: PageData["may"] }) {
  return (
    <nav aria-label="Page actions">
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href="#export" className={ACTION_CLASS}>
            Export
          </a>
        </li>
        {may.share ? (
          <li>
            <a href="#share" className={ACTION_CLASS}>
              Share
            </a>
          </li>
        ) : null}
        {may.redact ? (
          <li>
            <Link to={`/transcription/${recordingId}/redactions`} className={ACTION_CLASS}>
              Redact
            </Link>
          </li>
        ) : null}
        {may.edit || may.delete ? (
          <li>
            <a href="#manage" className={ACTION_CLASS}>
              Rename or delete
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
