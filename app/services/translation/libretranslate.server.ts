import { z } from "zod";
import { TranslationError, translationError } from "./errors";
import { errorText, postJson } from "../http.server";
import { differentLanguages } from "./language-pairs";
import type { TranslationProvider } from "./translator";

const TranslateResponseSchema = z.object({ translatedText: z.array(z.string()) });

const TIMEOUT_MS = 120_000;

/** A LibreTranslate server (self-hosted or libretranslate.com): POST /translate with an array of texts. */
export function libreTranslateProvider(options: { baseUrl: string; apiKey?: string }): TranslationProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/translate`;
  return {
    name: "libretranslate",
    label: "LibreTranslate",
    supports: differentLanguages,
    async translate(texts, source, target, translateOptions = {}) {
      if (texts.length === 0) return [];
      const response = await postJson(
        "LibreTranslate",
        url,
        {
          q: texts,
          source: source ?? "auto",
          target,
          format: "text",
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        },
        { signal: translateOptions.signal, timeoutMs: TIMEOUT_MS, fail: translationError },
      );
      if (!response.ok) {
        const message = await errorText(response);
        const status = response.status;
        if (status === 403)
          throw new TranslationError(`LibreTranslate refused the request (check the API key): ${message}`, status);
        if (status === 429)
          throw new TranslationError(`LibreTranslate's rate limit was reached; try again later. (${message})`, status);
        if (status === 400) throw new TranslationError(`LibreTranslate could not translate this: ${message}`, status);
        throw new TranslationError(`LibreTranslate failed (${status}): ${message}`, status);
      }
      const parsed = TranslateResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success || parsed.data.translatedText.length !== texts.length) {
        throw new TranslationError("LibreTranslate answered in an unexpected form (not one translation per text).");
      }
      return parsed.data.translatedText;
    },
  };
}
