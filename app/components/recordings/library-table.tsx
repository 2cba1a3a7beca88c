// The library's list (/recordings): one row per recording in a dense table whose column headers sort it. A sort is a
// link (?sort=…), so it works without JavaScript; the sorted column carries aria-sort.
import { Form, Link } from "react-router";
import { HighlightedText } from "~/components/highlighted-text";
import { RetentionNote, type RetentionNoteData } from "~/components/privacy/retention-note";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate, isoDateTime } from "~/utils/dates";
import { columnSort, type RecordingSort, SORT_COLUMNS, type SortColumnName } from "~/modules/recordings/library-sorts";
import { formatDuration } from "~/modules/recordings/recording-format";
import { SelectRecording, TagChips } from "./library";
import { StatusBadge, type RecordingSummary } from "./recording-row";

export interface LibraryItem extends RecordingSummary {
  folderName: string | null;
  tags: string[];
  speakers: number;
}

export interface LibrarySelection {
  /** With JavaScript the checkboxes are controlled and a header checkbox selects the whole page. */
  hydrated: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

const CELL = "px-1.5 py-2 align-top";
const HEAD = "px-1.5 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600";

function SortableHeader({
  column,
  sort,
  sortHref,
}: {
  column: SortColumnName;
  sort: RecordingSort;
  sortHref: (sort: RecordingSort) => string;
}) {
  const { direction, next, label } = columnSort(column, sort);
  return (
    <th scope="col" aria-sort={direction} className={HEAD}>
      <Link
        to={sortHref(next)}
        className="inline-flex items-center gap-1 rounded hover:text-slate-900 hover:underline"
        title={`Sort by ${label.toLowerCase()}`}
      >
        {label}
        {direction ? (
          <span aria-hidden="true" className="text-brand-600">
            {direction === "ascending" ? "▲" : "▼"}
          </span>
        ) : null}
      </Link>
    </th>
  );
}

export function LibraryTable({
  items,
  retention,
  sort,
  sortHref,
  tagHref,
  selection,
  mayEdit,
}: {
  items: LibraryItem[];
  retention: Record<string, RetentionNoteData | undefined>;
  sort: RecordingSort;
  sortHref: (sort: RecordingSort) => string;
  tagHref: (tag: string) => string;
  selection: LibrarySelection;
  /** The reader's role may edit: each tag has its remove button. */
  mayEdit: boolean;
}) {
  const { hydrated, selected, onToggle, onToggleAll } = selection;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <ScrollRegion label="Recordings" className="relative rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[42rem] border-collapse text-sm">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={`${HEAD} w-10`}>
              {hydrated ? (
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  checked={allSelected}
                  onChange={(event) => onToggleAll(event.target.checked)}
                  className="size-5 accent-brand-600"
                />
              ) : (
                <span className="sr-only">Select</span>
              )}
            </th>
            {SORT_COLUMNS.map(({ column }) => (
              <SortableHeader key={column} column={column} sort={sort} sortHref={sortHref} />
            ))}
            <th scope="col" className={HEAD}>
              Tags
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {items.map((recording) => (
            <tr key={recording.id} className="hover:bg-slate-50">
              <td className={CELL}>
                <SelectRecording
                  id={recording.id}
                  title={recording.title}
                  checked={selected.has(recording.id)}
                  onChange={hydrated ? (checked) => onToggle(recording.id, checked) : undefined}
                />
              </td>
              <td className={`${CELL} min-w-32`}>
                <Link
                  to={`/transcription/${recording.id}`}
                  className="font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  {recording.title}
                </Link>
                <RetentionNote note={retention[recording.id]} />
                {recording.snippet?.length ? (
                  <p className="mt-1 text-xs text-slate-700 [&_mark]:bg-yellow-200">
                    …<HighlightedText parts={recording.snippet} />…
                  </p>
                ) : null}
              </td>
              <td className={`${CELL} whitespace-nowrap tabular-nums`}>{formatDuration(recording.durationSeconds)}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={isoDateTime(recording.createdAt)}>{formatDate(recording.createdAt, "shortDate")}</time>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                <StatusBadge status={recording.status} progress={recording.progress} />
              </td>
              <td className={`${CELL} tabular-nums`}>
                {recording.speakers ? recording.speakers : <span className="text-slate-500">–</span>}
              </td>
              <td className={`${CELL} max-w-28 truncate`}>
                {recording.folderName ?? <span className="text-slate-500">No folder</span>}
              </td>
              <td className={CELL}>
                <TagChips
                  recordingId={recording.id}
                  recordingTitle={recording.title}
                  tags={recording.tags}
                  linkTo={tagHref}
                  removable={mayEdit}
                />
              </td>
              <td className={`${CELL} w-0 text-right`}>
                <Form method="post" action={`/transcription/${recording.id}`} id={`delete-${recording.id}`}>
                  <ConfirmSubmit
                    form={`delete-${recording.id}`}
                    name="intent"
                    value="delete"
                    label="Delete"
                    aria-label={`Delete ${recording.title}`}
                    title={`Delete “${recording.title}”?`}
                    description="The audio file and its transcript are removed for good. Minutes already used stay used."
                    confirmLabel="Delete recording"
                    variant="ghost"
                    className="px-2! py-1! text-red-700"
                    questionClassName="absolute right-0 z-10 w-64 text-left shadow-lg"
                  />
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
