import { languageName } from "~/utils/languages";

/**
 * POST /api/translate-live. Spec section 8: when translation fails, the source text is shown prefixed with the
 * target language's label.
 */
export async function translateLive(
  text: string,
  targetLanguage: string,
  sourceLanguage?: string,
): Promise<{ text: string; failed: boolean }> {
  try {
    const response = await fetch("/api/translate-live", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, targetLanguage, ...(sourceLanguage ? { sourceLanguage } : {}) }),
    });
    if (!response.ok) throw new Error(String(response.status));
    const body = (await response.json()) as { translation: string };
    return { text: body.translation, failed: false };
  } catch {
    return { text: `[${languageName(targetLanguage)}] ${text}`, failed: true };
  }
}
