import { ServiceError } from "../errors";
import type { KnowledgeEntry } from "./knowledge-base.server";

/** Writes the assistant's answer to a question from the help entries retrieval found (best first). */
export interface AnswerWriter {
  /** Shown to visitors and admins: what wrote the answer. */
  label: string;
  write(question: string, entries: KnowledgeEntry[]): Promise<string>;
}

/** The chat model failed to write an answer (the assistant then answers from search). */
export class ChatAssistantError extends ServiceError {}
