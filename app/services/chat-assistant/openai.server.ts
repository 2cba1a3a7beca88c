import { z } from "zod";
import type { AnswerWriter } from "./answer-writer";

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().min(1) }) })).min(1),
});

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
      const response = await fetch(`${options.baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          messages: [
            { role: "system", content: INSTRUCTIONS },
            { role: "user", content: `Help articles:\n\n${articles}\n\nQuestion: ${question}` },
          ],
        }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) throw new Error(`Chat model answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return ChatCompletionSchema.parse(await response.json()).choices[0].message.content.trim();
    },
  };
}
