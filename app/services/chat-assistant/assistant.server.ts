import type { AnswerWriter } from "./answer-writer";
import { retrieve } from "./knowledge-base.server";
import { searchAnswerWriter } from "./search.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("assistant");

export interface AssistantReply {
  content: string;
  /** 0–1, from retrieval. */
  confidenceScore: number;
  needsHumanReview: boolean;
  /** Set when the conversation should go to a person. */
  escalationReason: string | null;
  sources: { title: string; url: string }[];
}

const ASKS_FOR_HUMAN =
  /\b(human|real person|a person|someone|somebody|agent|representative|operator|staff|support team|talk to (a|an|some)|speak (to|with))\b/i;

export const ASKED_FOR_PERSON = "Asked for a person";

export const HANDOFF_MESSAGE =
  "I've passed this conversation to our support team. A person will reply here; this chat stays open in this browser, so you can come back to it later.";

const GREETING =
  "Hello! I answer questions from the Voxlate help centre: uploads and formats, transcripts, exports, translation, plans and your account. What would you like to know? If you'd rather talk to a person, just say so.";

export interface ChatAssistantConfig {
  /** What writes an answer from the retrieved help entries (the offline search, or a chat model). */
  writer: AnswerWriter;
  /** Retrieval confidence (0–1) below which a person takes over (CHAT_REVIEW_THRESHOLD). */
  reviewThreshold: number;
}

export interface ChatAssistant {
  /** Shown to visitors and admins: what writes the answers. */
  label: string;
  /**
   * Answers a visitor's message from the help centre, or hands the conversation to a person: when the message
   * asks for one, or the visitor pressed "Talk to a person" (askedForPerson).
   */
  answerVisitor(question: string, options?: { askedForPerson?: boolean }): Promise<AssistantReply>;
}

export function chatAssistant(config: ChatAssistantConfig): ChatAssistant {
  return {
    label: config.writer.label,
    answerVisitor: (question, options) => answerVisitor(config, question, options),
  };
}

async function answerVisitor(
  config: ChatAssistantConfig,
  question: string,
  { askedForPerson = false } = {},
): Promise<AssistantReply> {
  const retrieval = retrieve(question);
  const sources = retrieval.entries.slice(0, 2).map(({ title, url }) => ({ title, url }));
  const percent = Math.round(retrieval.confidence * 100);

  if (askedForPerson || ASKS_FOR_HUMAN.test(question)) {
    return {
      content: HANDOFF_MESSAGE,
      confidenceScore: retrieval.confidence,
      needsHumanReview: true,
      escalationReason: ASKED_FOR_PERSON,
      sources: [],
    };
  }
  if (retrieval.empty) {
    return { content: GREETING, confidenceScore: 1, needsHumanReview: false, escalationReason: null, sources: [] };
  }
  if (retrieval.entries.length === 0 || retrieval.confidence < config.reviewThreshold) {
    return {
      content: `I couldn't find a reliable answer to that in our help centre. ${HANDOFF_MESSAGE}`,
      confidenceScore: retrieval.confidence,
      needsHumanReview: true,
      escalationReason: `Low confidence answer (${percent}%)`,
      sources: sources.slice(0, 1),
    };
  }

  let content: string;
  try {
    content = await config.writer.write(question, retrieval.entries);
  } catch (error) {
    // The model is optional: when it fails, the visitor still gets the help entry itself.
    log.error({ err: error }, "Chat assistant model failed; answering from search");
    content = await searchAnswerWriter.write(question, retrieval.entries);
  }
  return { content, confidenceScore: retrieval.confidence, needsHumanReview: false, escalationReason: null, sources };
}
