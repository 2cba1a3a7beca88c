import type { ChatModelConfig } from "../chat-completion.server";
import { extractiveSummariser } from "./extractive.server";
import { openAiSummariser } from "./openai.server";
import type { Summariser } from "./summariser";

export type { Summariser, Summary, SummaryPoint, SummarySegment } from "./summariser";
export { SummaryError, summariserLabel } from "./summariser";

/** The summariser SUMMARY_ENGINE selects. */
export function summariser(engine: "extractive" | "openai", chatModel: ChatModelConfig): Summariser {
  return engine === "openai" ? openAiSummariser(chatModel) : extractiveSummariser();
}
