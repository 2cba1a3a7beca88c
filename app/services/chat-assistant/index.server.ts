import { madeFromEnv } from "~/config/env.server";
import { chatAssistant, type ChatAssistant } from "./assistant.server";
import { openAiAnswerWriter } from "./openai.server";
import { searchAnswerWriter } from "./search.server";

export { ASKED_FOR_PERSON, HANDOFF_MESSAGE, type AssistantReply, type ChatAssistant } from "./assistant.server";
export { ChatAssistantError } from "./answer-writer";

/** The support assistant CHAT_ASSISTANT_ENGINE and CHAT_REVIEW_THRESHOLD describe, made once per process. */
export const configuredChatAssistant: () => ChatAssistant = madeFromEnv((env) => {
  const chatModel = { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.CHAT_ASSISTANT_MODEL };
  return chatAssistant({
    writer: env.CHAT_ASSISTANT_ENGINE === "openai" ? openAiAnswerWriter(chatModel) : searchAnswerWriter,
    reviewThreshold: env.CHAT_REVIEW_THRESHOLD,
  });
});
