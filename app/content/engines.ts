// What the product says about its speech engine, shared by the pages, the upload form and the export cover.

/**
 * Shown in the app wherever the offline fallback engine (pocketsphinx) ran or will run, word for word (issue 14). It
 * is advice to the people running the server, so it never goes into a document for a client: the exports' cover
 * states the engine as a fact instead (machineTranscriptLine).
 */
export const FALLBACK_ENGINE_NOTICE =
  "Offline fallback engine: low accuracy, English only. Ask your administrator to install a whisper model.";

/** The engine name stored on a recording that marks the offline fallback. */
export function isFallbackEngine(engine: string | null | undefined): boolean {
  return engine === "pocketsphinx";
}

/** Engines by the names their makers give them, for the documents' cover. */
const ENGINE_NAMES: Record<string, string> = {
  whisper: "whisper.cpp",
  pocketsphinx: "pocketsphinx",
  openai: "OpenAI-compatible speech API",
};

/**
 * What made a transcript, as a neutral fact for the cover of an export a professional may hand to a client:
 * "Machine transcript: whisper.cpp base", "Machine transcript: pocketsphinx (offline fallback)". Null when the
 * engine is not known.
 */
export function machineTranscriptLine(
  engine: string | null | undefined,
  model: string | null | undefined,
): string | null {
  if (!engine) return null;
  const name = [ENGINE_NAMES[engine] ?? engine, model].filter(Boolean).join(" ");
  return `Machine transcript: ${name}${isFallbackEngine(engine) ? " (offline fallback)" : ""}`;
}
