// What the product says about its speech engine, shared by the pages, the upload form and the export cover.

/** Shown wherever the offline fallback engine (pocketsphinx) ran or will run, word for word (issue 14). */
export const FALLBACK_ENGINE_NOTICE =
  "Offline fallback engine: low accuracy, English only. Ask your administrator to install a whisper model.";

/** The engine name stored on a recording that marks the offline fallback. */
export function isFallbackEngine(engine: string | null | undefined): boolean {
  return engine === "pocketsphinx";
}
