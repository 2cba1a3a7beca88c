import { z } from "zod";
import { TranslationError } from "./errors";
import { differentLanguages, errorText, postJson } from "./http.server";
import { languageName } from "./languages";
import type { TranslationProvider } from "./translator";

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const TIMEOUT_MS = 180_000;

function describe(code: string | null): string {
  return code ? `${languageName(code)} (${code})` : "the language it is written in (detect it)";
}

/** The JSON array in a reply, also when the model wraps it in a ```json fence or adds a sentence around it. */
export function parseTranslationArray(content: string, count: number): string[] | null {
  const start = content.indexOf("[");
  const end = content.lastIndexOf("]");
  if (start < 0 || end <= start) return null;
  try {
    const parsed = z.array(z.string()).length(count).safeParse(JSON.parse(content.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An LLM through any OpenAI-compatible chat API (OpenAI, Groq, Ollama, LocalAI…). */
export function openAiTranslationProvider(options: { baseUrl: string; apiKey?: string; model: string }): TranslationProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  const complete = async (system: string, user: string, signal?: AbortSignal): Promise<string> => {
    const response = await postJson(
      "The AI translation service",
      url,
      { model: options.model, temperature: 0, messages: [{ role: "system", content: system }, { role: "user", content: user }] },
      { headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}, signal, timeoutMs: TIMEOUT_MS },
    );
    if (!response.ok) {
      const status = response.status;
      const message = await errorText(response);
      if (status === 401 || status === 403) throw new TranslationError(`The AI translation service refused the API key: ${message}`, status);
      if (status === 429) throw new TranslationError(`The AI translation service is rate-limited or out of quota; try again later. (${message})`, status);
      if (status === 404) throw new TranslationError(`The AI translation service does not know the model "${options.model}": ${message}`, status);
      throw new TranslationError(`The AI translation service failed (${status}): ${message}`, status);
    }
    const parsed = ChatCompletionSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new TranslationError("The AI translation service answered in an unexpected form.");
    return (parsed.data.choices[0].message.content ?? "").trim();
  };

  return {
    name: "openai",
    label: `AI (${options.model})`,
    supports: differentLanguages,
    async translate(texts, source, target, translateOptions = {}) {
      if (texts.length === 0) return [];
      const from = describe(source);
      const to = describe(target);
      const batchSystem =
        `You translate transcript segments from ${from} into ${to}. ` +
        `The user sends a JSON array of ${texts.length} strings. Reply with only a JSON array of exactly ${texts.length} strings: ` +
        "the translation of each string, in the same order, one element per input element, never merged or split. " +
        "Keep names and numbers; do not add notes.";
      const content = await complete(batchSystem, JSON.stringify(texts), translateOptions.signal);
      const translations = parseTranslationArray(content, texts.length);
      if (translations) return translations;

      // The model merged, split or dropped segments: one request per segment keeps each translation with its time.
      const singleSystem =
        `Translate the user's text from ${from} into ${to}. Reply with only the translation, without quotes or notes.`;
      const results: string[] = [];
      for (const text of texts) results.push(text.trim() ? await complete(singleSystem, text, translateOptions.signal) : "");
      return results;
    },
  };
}
