import { madeFromEnv } from "~/config/env.server";
import type { ChatModelConfig } from "../chat-completion.server";
import { extractiveSummariser } from "./extractive.server";
import { openAiSummariser } from "./openai.server";
import type { Summariser } from "./summariser";

export type { Summariser, Summary, SummaryPoint, SummarySegment } from "./summariser";
export { SummaryError, summariserLabel } from "./summariser";

export interface SummaryConfig {
  engine: "extractive" | "openai";
  /** The chat model the openai engine calls. */
  chatModel: ChatModelConfig;
}

/** The summariser a configuration selects. */
export function summariser(config: SummaryConfig): Summariser {
  return config.engine === "openai" ? openAiSummariser(config.chatModel) : extractiveSummariser();
}

/** The summariser SUMMARY_ENGINE selects, made once per process. */
export const configuredSummariser: () => Summariser = madeFromEnv((env) =>
  summariser({
    engine: env.SUMMARY_ENGINE,
    chatModel: { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.SUMMARY_MODEL },
  }),
);
