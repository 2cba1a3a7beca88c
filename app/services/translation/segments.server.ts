import type { TranslateOptions, TranslationProvider } from "./translator";

export const MAX_SEGMENTS_PER_CALL = 50;
export const MAX_CHARS_PER_CALL = 8_000;

export interface TranslateSegmentsOptions extends TranslateOptions {
  /** Called after each batch with the share of the text translated so far (0–1, ending at 1). */
  onProgress?: (fraction: number) => void;
}

/**
 * Translates transcript segments one by one (batched into calls of at most 50 segments or ~8,000 characters) so each
 * translation keeps its segment's start, end and speaker. Empty segments get "" without a call.
 */
export async function translateSegments<T extends { start: number; end: number; text: string; speaker: string | null }>(
  provider: TranslationProvider,
  segments: T[],
  source: string | null,
  target: string,
  options: TranslateSegmentsOptions = {},
): Promise<(T & { translation: string })[]> {
  const translations = segments.map(() => "");
  const pending = segments.flatMap((segment, index) => (segment.text.trim() ? [index] : []));
  const totalChars = pending.reduce((sum, index) => sum + segments[index].text.trim().length, 0);

  const batches: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  for (const index of pending) {
    const length = segments[index].text.trim().length;
    if (current.length > 0 && (current.length >= MAX_SEGMENTS_PER_CALL || chars + length > MAX_CHARS_PER_CALL)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(index);
    chars += length;
  }
  if (current.length > 0) batches.push(current);

  let doneChars = 0;
  for (const batch of batches) {
    options.signal?.throwIfAborted();
    const texts = batch.map((index) => segments[index].text.trim());
    const result = await provider.translate(texts, source, target, { signal: options.signal });
    if (result.length !== texts.length) {
      throw new Error(`${provider.label} returned ${result.length} translations for ${texts.length} segments.`);
    }
    batch.forEach((index, position) => (translations[index] = result[position].trim()));
    doneChars += texts.reduce((sum, text) => sum + text.length, 0);
    options.onProgress?.(totalChars === 0 ? 1 : Math.min(1, doneChars / totalChars));
  }
  if (batches.length === 0) options.onProgress?.(1);

  return segments.map((segment, index) => ({ ...segment, translation: translations[index] }));
}
