import { http, HttpResponse } from "msw";

export const OPENAI_TEST_BASE_URL = "https://api.openai.com/v1";

export interface ChatCompletionRequest {
  model: string;
  messages: { role: "system" | "user" | "assistant"; content: string }[];
  temperature?: number;
}

/**
 * POST /v1/chat/completions with OpenAI's documented shapes
 * (https://platform.openai.com/docs/api-reference/chat/create): a Bearer key, a JSON body with model and
 * messages, and a chat.completion object back. `answer` writes the reply from the request; the received
 * requests are collected for assertions.
 */
export function chatCompletionHandler(
  answer: (request: ChatCompletionRequest) => string,
  options: { apiKey?: string; baseUrl?: string } = {},
) {
  const received: ChatCompletionRequest[] = [];
  const handler = http.post(`${options.baseUrl ?? OPENAI_TEST_BASE_URL}/chat/completions`, async ({ request }) => {
    if (options.apiKey && request.headers.get("Authorization") !== `Bearer ${options.apiKey}`) {
      return HttpResponse.json(
        {
          error: {
            message: "Incorrect API key provided.",
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        },
        { status: 401 },
      );
    }
    const body = (await request.json()) as ChatCompletionRequest;
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      return HttpResponse.json(
        {
          error: {
            message: "'messages' is a required property",
            type: "invalid_request_error",
            param: null,
            code: null,
          },
        },
        { status: 400 },
      );
    }
    received.push(body);
    const content = answer(body);
    return HttpResponse.json({
      id: "chatcmpl-test",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    });
  });
  return { handler, received };
}
