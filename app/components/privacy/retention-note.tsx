import { formatDate, isoDateTime } from "~/utils/dates";

export interface RetentionNoteData {
  audioDeletedAt: Date | string | null;
  audioDeletesAt: Date | string | null;
  deletesAt: Date | string | null;
}

/** "Audio deleted on …" and "Will be deleted on …" under a recording in the list. */
export function RetentionNote({ note }: { note?: RetentionNoteData }) {
  if (!note || (!note.audioDeletedAt && !note.audioDeletesAt && !note.deletesAt)) return null;
  const at = (value: Date | string) => <time dateTime={isoDateTime(value)}>{formatDate(value, "shortDate")}</time>;
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
      {note.audioDeletedAt ? <span>Audio deleted on {at(note.audioDeletedAt)}</span> : null}
      {note.audioDeletesAt ? <span>Audio will be deleted on {at(note.audioDeletesAt)}</span> : null}
      {note.deletesAt ? <span>Will be deleted on {at(note.deletesAt)}</span> : null}
    </p>
  );
}
