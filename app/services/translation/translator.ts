export type TranslationEngineName = "apertium" | "libretranslate" | "deepl" | "openai";

export interface TranslateOptions {
  signal?: AbortSignal;
}

/** One translation service. Languages are ISO 639-1 codes ("en", "es", "pt"…). */
export interface TranslationProvider {
  name: TranslationEngineName;
  /** Shown in the UI, e.g. "Apertium (offline rule-based)". Only an LLM-backed provider says "AI". */
  label: string;
  /** Pairs that really work; services that handle (nearly) all pairs answer true for any two different languages. */
  supports(source: string, target: string): boolean;
  /**
   * Translates texts one-to-one, same order and count. `source` null means "detect".
   * Throws TranslationError with a user-facing message on failure.
   */
  translate(texts: string[], source: string | null, target: string, options?: TranslateOptions): Promise<string[]>;
}

export { TranslationError } from "./errors";
