// One call to an OpenAI-compatible chat API (OpenAI, Groq, Ollama, LocalAI…), shared by the translator, the
// support assistant's writer and the summariser.
import { z } from "zod";
import type { ServiceErrorFactory } from "./errors";
import { errorText, postJson } from "./http.server";

export interface ChatModelConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** The model's reply text (trimmed). Every failure is `fail(message, status)` with a message naming `service`. */
export async function chatCompletion(
  config: ChatModelConfig,
  request: {
    service: string;
    messages: ChatMessage[];
    temperature: number;
    timeoutMs: number;
    signal?: AbortSignal;
    fail: ServiceErrorFactory;
  },
): Promise<string> {
  const { service, fail } = request;
  const response = await postJson(
    service,
    `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    { model: config.model, temperature: request.temperature, messages: request.messages },
    {
      headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {},
      signal: request.signal,
      timeoutMs: request.timeoutMs,
      fail,
    },
  );
  if (!response.ok) {
    const status = response.status;
    const message = await errorText(response);
    if (status === 401 || status === 403) throw fail(`${service} refused the API key: ${message}`, status);
    if (status === 429) throw fail(`${service} is rate-limited or out of quota; try again later. (${message})`, status);
    if (status === 404) throw fail(`${service} does not know the model "${config.model}": ${message}`, status);
    throw fail(`${service} failed (${status}): ${message}`, status);
  }
  const parsed = ChatCompletionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw fail(`${service} answered in an unexpected form.`);
  return (parsed.data.choices[0].message.content ?? "").trim();
}
