// A segment's words as HTML for the editor: one span per word with its times, so one listener on the list can seek
// and the player can highlight the word playing, without a React node (and handler) for each of ~39k words.
import type { EditorWord } from "~/modules/transcripts/editor-text";
import { LOW_CONFIDENCE } from "~/components/recordings/confidence-text";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** `<span data-w data-s data-e>word</span>` joined by spaces; low-confidence words get `data-low` and a title. */
export function wordsHtml(words: EditorWord[]): string {
  let html = "";
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    const low = word.confidence !== null && word.confidence < LOW_CONFIDENCE;
    if (index) html += " ";
    html += `<span data-w="${index}" data-s="${word.start}" data-e="${word.end}"${
      low ? ` data-low="" title="Unsure (${Math.round(word.confidence! * 100)}%)"` : ""
    }>${escapeHtml(word.word)}</span>`;
  }
  return html;
}
