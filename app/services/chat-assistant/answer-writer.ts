import type { KnowledgeEntry } from "./knowledge-base.server";

/** Writes the assistant's answer to a question from the help entries retrieval found (best first). */
export interface AnswerWriter {
  /** Shown to visitors and admins: what wrote the answer. */
  label: string;
  write(question: string, entries: KnowledgeEntry[]): Promise<string>;
}
