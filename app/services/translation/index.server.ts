import { madeFromEnv } from "~/config/env.server";
import { apertiumProvider } from "./apertium.server";
import { deeplProvider } from "./deepl.server";
import { TranslationError } from "./errors";
import { libreTranslateProvider } from "./libretranslate.server";
import { openAiTranslationProvider } from "./openai.server";
import type { TranslationEngineName, TranslationProvider } from "./translator";

export interface TranslationConfig {
  engine: TranslationEngineName;
  libreTranslateUrl?: string;
  libreTranslateApiKey?: string;
  deeplApiKey?: string;
  openAiBaseUrl: string;
  openAiApiKey?: string;
  openAiModel: string;
}

/** The provider the configuration selects (TRANSLATE_ENGINE); missing settings for it throw a clear error at start. */
export function translationProvider(config: TranslationConfig): TranslationProvider {
  switch (config.engine) {
    case "apertium":
      return apertiumProvider();
    case "libretranslate":
      if (!config.libreTranslateUrl?.trim()) {
        throw new TranslationError(
          "The libretranslate translation engine needs the LibreTranslate server's URL (LIBRETRANSLATE_URL).",
        );
      }
      return libreTranslateProvider({
        baseUrl: config.libreTranslateUrl,
        apiKey: config.libreTranslateApiKey || undefined,
      });
    case "deepl":
      if (!config.deeplApiKey?.trim())
        throw new TranslationError("The deepl translation engine needs a DeepL API key (DEEPL_API_KEY).");
      return deeplProvider({ apiKey: config.deeplApiKey });
    case "openai":
      if (!config.openAiBaseUrl?.trim())
        throw new TranslationError("The openai translation engine needs the chat API's base URL.");
      if (!config.openAiModel?.trim())
        throw new TranslationError("The openai translation engine needs a chat model name.");
      return openAiTranslationProvider({
        baseUrl: config.openAiBaseUrl,
        apiKey: config.openAiApiKey || undefined,
        model: config.openAiModel,
      });
    default: {
      const engine: never = config.engine;
      throw new TranslationError(
        `Unknown translation engine "${String(engine)}": use apertium, libretranslate, deepl or openai.`,
      );
    }
  }
}

/** The configured translation provider (TRANSLATE_ENGINE), made once per process. */
export const configuredTranslator: () => TranslationProvider = madeFromEnv((env) =>
  translationProvider({
    engine: env.TRANSLATE_ENGINE,
    libreTranslateUrl: env.LIBRETRANSLATE_URL,
    libreTranslateApiKey: env.LIBRETRANSLATE_API_KEY,
    deeplApiKey: env.DEEPL_API_KEY,
    openAiBaseUrl: env.OPENAI_BASE_URL,
    openAiApiKey: env.OPENAI_API_KEY,
    openAiModel: env.TRANSLATE_MODEL,
  }),
);

export type { TranslationProvider } from "./translator";
export { TranslationError } from "./errors";
export { translateSegments } from "./segments.server";
export { TRANSLATION_LANGUAGES } from "./languages";
