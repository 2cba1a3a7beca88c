import { z } from "zod";
import { TranslationError, translationError } from "./errors";
import { errorText, postJson } from "../http.server";
import { baseCode, differentLanguages } from "./language-pairs";
import type { TranslationProvider } from "./translator";

const TranslateResponseSchema = z.object({
  translations: z.array(z.object({ detected_source_language: z.string().optional(), text: z.string() })),
});

/** DeepL takes at most 50 texts per request (and 128 KiB of body). */
export const DEEPL_MAX_TEXTS = 50;
const DEEPL_MAX_CHARS = 60_000;
const TIMEOUT_MS = 120_000;

/** Source languages DeepL documents (lower case, ISO 639-1); targets add regional variants. */
const DEEPL_LANGUAGES = new Set([
  "ar",
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "et",
  "fi",
  "fr",
  "he",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "lv",
  "nb",
  "nl",
  "pl",
  "pt",
  "ro",
  "ru",
  "sk",
  "sl",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh",
]);

function deeplBase(code: string): string {
  const base = baseCode(code);
  return base === "no" ? "nb" : base;
}

/** DeepL's source_lang: the bare language in capitals ("EN", "PT"). */
export function deeplSourceLang(code: string): string {
  return deeplBase(code).toUpperCase();
}

/** DeepL's target_lang: EN and PT need a variant (EN-US/EN-GB, PT-BR/PT-PT); others are bare ("ES", "DE"). */
export function deeplTargetLang(code: string): string {
  const [, region] = code.split(/[-_]/);
  const base = deeplBase(code);
  if (base === "en") return region?.toUpperCase() === "GB" ? "EN-GB" : "EN-US";
  if (base === "pt") return region?.toUpperCase() === "PT" ? "PT-PT" : "PT-BR";
  if (base === "zh") return region && /hant|tw|hk/i.test(region) ? "ZH-HANT" : "ZH-HANS";
  return base.toUpperCase();
}

/** Free-plan keys end in ":fx" and use a separate host. */
export function deeplBaseUrl(apiKey: string): string {
  return apiKey.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com";
}

function batches(texts: string[]): { start: number; texts: string[] }[] {
  const result: { start: number; texts: string[] }[] = [];
  let current: string[] = [];
  let chars = 0;
  let start = 0;
  texts.forEach((text, index) => {
    if (current.length > 0 && (current.length >= DEEPL_MAX_TEXTS || chars + text.length > DEEPL_MAX_CHARS)) {
      result.push({ start, texts: current });
      current = [];
      chars = 0;
      start = index;
    }
    current.push(text);
    chars += text.length;
  });
  if (current.length > 0) result.push({ start, texts: current });
  return result;
}

/** DeepL's API (POST /v2/translate), free or pro by the key. */
export function deeplProvider(options: { apiKey: string; baseUrl?: string }): TranslationProvider {
  const url = `${(options.baseUrl ?? deeplBaseUrl(options.apiKey)).replace(/\/+$/, "")}/v2/translate`;
  return {
    name: "deepl",
    label: "DeepL",
    supports: (source, target) =>
      differentLanguages(source, target) &&
      DEEPL_LANGUAGES.has(deeplBase(source)) &&
      DEEPL_LANGUAGES.has(deeplBase(target)),
    async translate(texts, source, target, translateOptions = {}) {
      const results: string[] = [];
      for (const batch of batches(texts)) {
        const response = await postJson(
          "DeepL",
          url,
          {
            text: batch.texts,
            target_lang: deeplTargetLang(target),
            ...(source ? { source_lang: deeplSourceLang(source) } : {}),
          },
          {
            headers: { Authorization: `DeepL-Auth-Key ${options.apiKey}` },
            signal: translateOptions.signal,
            timeoutMs: TIMEOUT_MS,
            fail: translationError,
          },
        );
        if (!response.ok) {
          const status = response.status;
          const message = await errorText(response);
          if (status === 403) throw new TranslationError("DeepL refused the API key: check DEEPL_API_KEY.", status);
          if (status === 456)
            throw new TranslationError("The DeepL character quota for this billing period is used up.", status);
          if (status === 429)
            throw new TranslationError("DeepL received too many requests; try again in a moment.", status);
          if (status === 400) throw new TranslationError(`DeepL could not translate this: ${message}`, status);
          throw new TranslationError(`DeepL failed (${status}): ${message}`, status);
        }
        const parsed = TranslateResponseSchema.safeParse(await response.json().catch(() => null));
        if (!parsed.success || parsed.data.translations.length !== batch.texts.length) {
          throw new TranslationError("DeepL answered in an unexpected form (not one translation per text).");
        }
        results.push(...parsed.data.translations.map((translation) => translation.text));
      }
      return results;
    },
  };
}
