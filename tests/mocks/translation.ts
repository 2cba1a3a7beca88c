import { http, HttpResponse } from "msw";
import { chatCompletionHandler, type ChatCompletionRequest } from "./openai";

export const LIBRETRANSLATE_TEST_URL = "https://libretranslate.test";
export const DEEPL_FREE_URL = "https://api-free.deepl.com";
export const DEEPL_PRO_URL = "https://api.deepl.com";

/** The JSON body LibreTranslate's POST /translate takes (https://libretranslate.com/docs/). */
export interface LibreTranslateRequest {
  q: string | string[];
  source: string;
  target: string;
  format?: "text" | "html";
  api_key?: string;
}

/**
 * POST /translate as LibreTranslate documents it: `q` a string or an array, `source` a code or "auto", an
 * `api_key` in the body when the server requires one. An array `q` answers `{ translatedText: string[] }`
 * (plus `detectedLanguage` for "auto"); errors are `{ error }` with 400 (bad request), 403 (key), 429 (rate) or 500.
 * `translate` writes each translation; `fail` forces an error status.
 */
export function libreTranslateHandler(
  translate: (text: string, request: LibreTranslateRequest) => string,
  options: { baseUrl?: string; apiKey?: string; fail?: { status: 400 | 403 | 429 | 500; error: string } } = {},
) {
  const received: LibreTranslateRequest[] = [];
  const handler = http.post(`${options.baseUrl ?? LIBRETRANSLATE_TEST_URL}/translate`, async ({ request }) => {
    if (!request.headers.get("Content-Type")?.includes("application/json")) {
      return HttpResponse.json({ error: "Invalid request: missing q parameter" }, { status: 400 });
    }
    const body = (await request.json()) as LibreTranslateRequest;
    received.push(body);
    if (options.fail) return HttpResponse.json({ error: options.fail.error }, { status: options.fail.status });
    if (options.apiKey && body.api_key !== options.apiKey) {
      return HttpResponse.json({ error: "Invalid API key" }, { status: 403 });
    }
    if (!body.q || (Array.isArray(body.q) && body.q.length === 0)) {
      return HttpResponse.json({ error: "Invalid request: missing q parameter" }, { status: 400 });
    }
    if (!body.source) return HttpResponse.json({ error: "Invalid request: missing source parameter" }, { status: 400 });
    if (!body.target) return HttpResponse.json({ error: "Invalid request: missing target parameter" }, { status: 400 });
    if (body.format && body.format !== "text" && body.format !== "html") {
      return HttpResponse.json({ error: `${body.format} format is not supported` }, { status: 400 });
    }
    const texts = Array.isArray(body.q) ? body.q : [body.q];
    const translatedText = texts.map((text) => translate(text, body));
    const detected = body.source === "auto" ? { confidence: 90, language: "en" } : undefined;
    if (!Array.isArray(body.q)) {
      return HttpResponse.json({
        translatedText: translatedText[0],
        ...(detected ? { detectedLanguage: detected } : {}),
      });
    }
    return HttpResponse.json({ translatedText, ...(detected ? { detectedLanguage: texts.map(() => detected) } : {}) });
  });
  return { handler, received };
}

/** The JSON body of DeepL's POST /v2/translate (https://developers.deepl.com/docs/api-reference/translate). */
export interface DeepLRequest {
  text: string[];
  target_lang: string;
  source_lang?: string;
}

const DEEPL_TARGETS = new Set([
  "AR",
  "BG",
  "CS",
  "DA",
  "DE",
  "EL",
  "EN-GB",
  "EN-US",
  "ES",
  "ET",
  "FI",
  "FR",
  "HE",
  "HU",
  "ID",
  "IT",
  "JA",
  "KO",
  "LT",
  "LV",
  "NB",
  "NL",
  "PL",
  "PT-BR",
  "PT-PT",
  "RO",
  "RU",
  "SK",
  "SL",
  "SV",
  "TH",
  "TR",
  "UK",
  "VI",
  "ZH",
  "ZH-HANS",
  "ZH-HANT",
  "EN",
  "PT",
]);

/**
 * POST /v2/translate as DeepL documents it: `Authorization: DeepL-Auth-Key <key>`, a JSON body with `text` (1–50
 * strings) and `target_lang`, `{ translations: [{ detected_source_language, text }] }` back. 403 for a wrong key,
 * 456 when the quota is used up, 429 for too many requests, 400 with `{ message }` for a bad body.
 */
export function deeplHandler(
  translate: (text: string, request: DeepLRequest) => string,
  options: { apiKey: string; baseUrl?: string; fail?: { status: 429 | 456 | 500 } },
) {
  const received: DeepLRequest[] = [];
  const handler = http.post(`${options.baseUrl ?? DEEPL_FREE_URL}/v2/translate`, async ({ request }) => {
    if (request.headers.get("Authorization") !== `DeepL-Auth-Key ${options.apiKey}`) {
      // DeepL answers a wrong or missing key with 403 Forbidden.
      return HttpResponse.json({ message: "Forbidden" }, { status: 403 });
    }
    const body = (await request.json()) as DeepLRequest;
    received.push(body);
    if (options.fail?.status === 456) return HttpResponse.json({ message: "Quota exceeded" }, { status: 456 });
    if (options.fail?.status === 429) return HttpResponse.json({ message: "Too many requests" }, { status: 429 });
    if (options.fail) return HttpResponse.json({ message: "Internal server error" }, { status: options.fail.status });
    if (!Array.isArray(body.text) || body.text.length === 0) {
      return HttpResponse.json({ message: "Parameter 'text' not specified." }, { status: 400 });
    }
    if (body.text.length > 50)
      return HttpResponse.json({ message: "Too many texts: at most 50 per request." }, { status: 400 });
    if (!DEEPL_TARGETS.has(body.target_lang)) {
      return HttpResponse.json({ message: "Value for 'target_lang' not supported." }, { status: 400 });
    }
    return HttpResponse.json({
      translations: body.text.map((text) => ({
        detected_source_language: body.source_lang ?? "EN",
        text: translate(text, body),
      })),
    });
  });
  return { handler, received };
}

/** The strings a translation request to a chat model carries: the JSON array in the user message, or the one text. */
export function chatTranslationInput(request: ChatCompletionRequest): string[] {
  const user = request.messages.find((message) => message.role === "user")?.content ?? "";
  try {
    const parsed: unknown = JSON.parse(user);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed as string[];
  } catch {
    // a single segment sent as plain text
  }
  return [user];
}

/**
 * POST /chat/completions (OpenAI's documented shapes, see ./openai.ts) answering translation requests. `answer`
 * gets the texts of a request and whether it was a batch (a JSON array) and returns the reply content.
 */
export function chatTranslationHandler(
  answer: (texts: string[], batch: boolean, request: ChatCompletionRequest) => string,
  options: { apiKey?: string; baseUrl?: string } = {},
) {
  return chatCompletionHandler((request) => {
    const user = request.messages.find((message) => message.role === "user")?.content ?? "";
    return answer(chatTranslationInput(request), user.trimStart().startsWith("["), request);
  }, options);
}

/** A tiny fake "translation" that is easy to assert: "[es] hello". */
export function tagged(text: string, target: string): string {
  return `[${target}] ${text}`;
}
