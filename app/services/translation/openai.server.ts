import { z } from "zod";
import { chatCompletion } from "../chat-completion.server";
import { translationError } from "./errors";
import { differentLanguages } from "./language-pairs";
import { languageName } from "~/utils/languages";
import type { TranslationProvider } from "./translator";

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
    const parsed = z
      .array(z.string())
      .length(count)
      .safeParse(JSON.parse(content.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An LLM through any OpenAI-compatible chat API (OpenAI, Groq, Ollama, LocalAI…). */
export function openAiTranslationProvider(options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
}): TranslationProvider {
  const complete = (system: string, user: string, signal?: AbortSignal) =>
    chatCompletion(options, {
      service: "The AI translation service",
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      temperature: 0,
      timeoutMs: TIMEOUT_MS,
      signal,
      fail: translationError,
    });

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
      const singleSystem = `Translate the user's text from ${from} into ${to}. Reply with only the translation, without quotes or notes.`;
      const results: string[] = [];
      for (const text of texts)
        results.push(text.trim() ? await complete(singleSystem, text, translateOptions.signal) : "");
      return results;
    },
  };
}
