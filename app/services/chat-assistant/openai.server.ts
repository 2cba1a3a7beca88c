import { chatCompletion } from "../chat-completion.server";
import { ChatAssistantError, type AnswerWriter } from "./answer-writer";

const INSTRUCTIONS =
  "You are Voxlate's support assistant. Answer the customer's question using only the help articles given. " +
  "Be brief and concrete. If the articles do not answer it, say so and that a person from support will reply. " +
  "Never invent prices, limits or features.";

/** An OpenAI-compatible chat model (OpenAI, Groq, Ollama, LocalAI…) writes the answer from the retrieved entries. */
export function openAiAnswerWriter(options: { baseUrl: string; apiKey?: string; model: string }): AnswerWriter {
  return {
    label: `AI (${options.model}) from help-centre articles`,
    async write(question, entries) {
      const articles = entries.map((entry, index) => `[${index + 1}] ${entry.title}\n${entry.text}`).join("\n\n");
      const answer = await chatCompletion(options, {
        service: "The chat model",
        messages: [
          { role: "system", content: INSTRUCTIONS },
          { role: "user", content: `Help articles:\n\n${articles}\n\nQuestion: ${question}` },
        ],
        temperature: 0.2,
        timeoutMs: 20_000,
        fail: (message, status) => new ChatAssistantError(message, status),
      });
      if (!answer) throw new ChatAssistantError("The chat model sent an empty answer.");
      return answer;
    },
  };
}
