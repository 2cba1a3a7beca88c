// The languages the product offers and claims, derived from the engines that run (issue 14, item 6): the upload
// and live forms' spoken languages, the landing demo's locales, the hero's promise and the translation targets.
// Nothing here is a fixed count: a server on the offline fallback offers English and says why.
import { madeFromEnv } from "~/config/env.server";
import { DEMO_LOCALES } from "~/content/demo";
import { FALLBACK_ENGINE_NOTICE, isFallbackEngine } from "~/content/engines";
import { configuredTranscriber, type SpeechEngine } from "~/services/transcription/index.server";
import { WHISPER_CODES } from "~/services/transcription/languages";
import { configuredTranslator, TRANSLATION_LANGUAGES } from "~/services/translation/index.server";
import { languageOptions } from "~/utils/languages";

type Option = { value: string; label: string };

export interface LanguageClaims {
  /** The spoken languages the upload and live forms offer (besides auto-detect), by name. */
  spoken: Option[];
  /** The landing demo's "Record in" locales whose language the engine transcribes. */
  demoLocales: Option[];
  /** Languages the translator can produce from at least one offered spoken language, by name. */
  translationTargets: Option[];
  /** The landing hero's heading: a language count only as large as the engine's. */
  heroTitle: string;
  /** One sentence for marketing copy: what this server transcribes and why. */
  languageSummary: string;
  /** FALLBACK_ENGINE_NOTICE when the offline fallback engine runs, else null. */
  fallbackNotice: string | null;
}

/**
 * What "all" means for a whisper-family engine (whisper.cpp with a multilingual model, or an OpenAI-compatible API):
 * Whisper's 99 languages, plus Cantonese for the large-v3 models that added it.
 */
function whisperLanguages(model: string | null): readonly string[] {
  return /large-v3/.test(model ?? "") ? WHISPER_CODES : WHISPER_CODES.filter((code) => code !== "yue");
}

const byName = (options: Option[]) => options.sort((a, b) => a.label.localeCompare(b.label, "en"));

export function deriveLanguageClaims(
  engine: Pick<SpeechEngine, "name" | "model" | "languages"> | null,
  translator: { supports(source: string, target: string): boolean },
): LanguageClaims {
  const codes = engine === null ? [] : engine.languages === "all" ? whisperLanguages(engine.model) : engine.languages;
  const spoken = byName(languageOptions(codes));
  const offered = new Set(spoken.map((option) => option.value));
  const translationTargets = TRANSLATION_LANGUAGES.filter((target) =>
    spoken.some((source) => source.value !== target.value && translator.supports(source.value, target.value)),
  );
  const demoLocales = DEMO_LOCALES.filter((locale) => offered.has(locale.value.split("-")[0].toLowerCase()));
  const fallback = engine !== null && isFallbackEngine(engine.name);
  const only = spoken.length === 1 ? spoken[0].label : null;
  return {
    spoken,
    demoLocales,
    translationTargets,
    heroTitle: only
      ? `Turn ${only} speech into text`
      : spoken.length > 1
        ? `Turn speech into text, in ${spoken.length} languages`
        : "Turn speech into text",
    languageSummary: fallback
      ? `This server runs the offline fallback engine, which transcribes ${only ?? "English"} only; with a whisper model installed it transcribes ${whisperLanguages(null).length} languages.`
      : spoken.length > 1
        ? `Transcribes ${spoken.length} languages, detected automatically or chosen by you.`
        : only
          ? `Transcribes ${only}.`
          : "Transcription is not available on this server right now.",
    fallbackNotice: fallback ? FALLBACK_ENGINE_NOTICE : null,
  };
}

/** The claims for the configured engine and translator, once per process (both are fixed at start). */
export function configuredLanguageClaims(): LanguageClaims {
  try {
    return claimsOfConfiguredEngines();
  } catch {
    // A named engine without its model or key: claim nothing, and ask again next time (it may be fixed).
    return deriveLanguageClaims(null, configuredTranslator());
  }
}

const claimsOfConfiguredEngines = madeFromEnv(() =>
  deriveLanguageClaims(configuredTranscriber().engine, configuredTranslator()),
);
