import { Link } from "react-router";
import { HighlightedText } from "~/components/highlighted-text";
import { formatDate, isoDateTime } from "~/utils/dates";
import { RetentionNote, type RetentionNoteData } from "~/components/privacy/retention-note";
import type { TextPart } from "~/utils/highlight";
import { languageName } from "~/utils/languages";
import { formatBytes, formatDuration, STATUS_LABEL } from "~/modules/recordings/recording-format";

export interface RecordingSummary {
  id: string;
  title: string;
  status: keyof typeof STATUS_LABEL;
  progress: number;
  durationSeconds: number;
  sizeBytes: number;
  language: string | null;
  createdAt: string | Date;
  /** With a search: the best-matching transcript passage, split around the matches. */
  snippet?: TextPart[] | null;
}

const STATUS_STYLE: Record<RecordingSummary["status"], string> = {
  QUEUED: "bg-slate-100 text-slate-800",
  PROCESSING: "bg-sky-100 text-sky-900",
  COMPLETED: "bg-emerald-100 text-emerald-900",
  FAILED: "bg-red-100 text-red-900",
  CANCELLED: "bg-slate-100 text-slate-700",
};

export function StatusBadge({ status, progress }: { status: RecordingSummary["status"]; progress?: number }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {STATUS_LABEL[status]}
      {status === "PROCESSING" && progress ? ` ${progress}%` : ""}
    </span>
  );
}

export function RecordingRow({
  recording,
  children,
  leading,
  details,
  retention,
}: {
  recording: RecordingSummary;
  children?: React.ReactNode;
  /** Before the title: the library's select checkbox. */
  leading?: React.ReactNode;
  /** Under the facts: the library's folder and tags. */
  details?: React.ReactNode;
  /** What the retention policy did or will do to it (the recordings list). */
  retention?: RetentionNoteData;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      {leading}
      <div className="min-w-0 flex-1">
        <Link
          to={`/transcription/${recording.id}`}
          className="font-medium text-slate-900 underline-offset-2 hover:underline"
        >
          {recording.title}
        </Link>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <StatusBadge status={recording.status} progress={recording.progress} />
          <span>{formatDuration(recording.durationSeconds)}</span>
          <span>{recording.language ? languageName(recording.language) : "Language: auto"}</span>
          <span>{formatBytes(recording.sizeBytes)}</span>
          <time dateTime={isoDateTime(recording.createdAt)}>{formatDate(recording.createdAt, "shortDate")}</time>
        </p>
        <RetentionNote note={retention} />
        {recording.snippet?.length ? (
          <p className="mt-2 text-sm text-slate-700 [&_mark]:bg-yellow-200">
            …<HighlightedText parts={recording.snippet} />…
          </p>
        ) : null}
        {details}
      </div>
      {children}
    </li>
  );
}
