import { NOTE_STYLE_LABELS, NOTE_STYLES } from "~/services/export/types";

/** In the export form: how Word and PDF files carry the notes (JSON always has them). */
export function NotesExportOption() {
  return (
    <label className="flex items-center gap-2 text-sm">
      Notes in Word and PDF
      <select name="notes" defaultValue="comments" className="rounded-md border border-slate-300 px-2 py-1">
        {NOTE_STYLES.map((style) => (
          <option key={style} value={style}>
            {NOTE_STYLE_LABELS[style]}
          </option>
        ))}
      </select>
    </label>
  );
}
