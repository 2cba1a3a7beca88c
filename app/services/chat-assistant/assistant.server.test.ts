import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { logger } from "~/config/logger.server";
import { chatCompletionHandler } from "../../../tests/mocks/openai";
import { mockServer } from "../../../tests/mocks/server";

// The engine is read from the environment once per module instance, so each test loads the module afresh.
async function loadAssistant(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const { configuredChatAssistant, HANDOFF_MESSAGE } = await import("./index.server");
  const assistant = configuredChatAssistant();
  return { answerVisitor: assistant.answerVisitor, label: assistant.label, HANDOFF_MESSAGE };
}

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("answerVisitor with the offline search engine", () => {
  test("answers from the best help entry, with its sources", async () => {
    const { answerVisitor, label } = await loadAssistant({ CHAT_ASSISTANT_ENGINE: "search" });
    const reply = await answerVisitor("How large can an uploaded file be?");
    expect(label).toBe("Help-centre search");
    expect(reply.content).toMatch(/^How large can an uploaded file be\?\n\n.*500 MB/s);
    expect(reply).toMatchObject({ needsHumanReview: false, escalationReason: null });
    expect(reply.sources[0]).toEqual({
      title: "How large can an uploaded file be?",
      url: "/help#how-large-can-an-uploaded-file-be",
    });
  });

  test.each(["Can I speak to a human?", "I want to talk to someone", "Please get me an agent"])(
    "'%s' hands over to a person",
    async (question) => {
      const { answerVisitor, HANDOFF_MESSAGE } = await loadAssistant({});
      const reply = await answerVisitor(question);
      expect(reply).toMatchObject({
        content: HANDOFF_MESSAGE,
        needsHumanReview: true,
        escalationReason: "Asked for a person",
      });
    },
  );

  test("low confidence is flagged and escalated with the percentage; the threshold is configurable", async () => {
    const question = "Do transcripts sync to Salesforce CRM?";
    const strict = await loadAssistant({ CHAT_REVIEW_THRESHOLD: "0.5" });
    const reply = await strict.answerVisitor(question);
    expect(reply.needsHumanReview).toBe(true);
    expect(reply.escalationReason).toBe(`Low confidence answer (${Math.round(reply.confidenceScore * 100)}%)`);

    const lenient = await loadAssistant({ CHAT_REVIEW_THRESHOLD: "0" });
    expect((await lenient.answerVisitor(question)).needsHumanReview).toBe(false);
    // Nothing retrieved at all is never answered, whatever the threshold.
    expect((await lenient.answerVisitor("zxqv frobnicate")).needsHumanReview).toBe(true);
  });

  test("a greeting gets a greeting, not a guess", async () => {
    const { answerVisitor } = await loadAssistant({});
    expect(await answerVisitor("Hello!")).toMatchObject({
      confidenceScore: 1,
      needsHumanReview: false,
      escalationReason: null,
      sources: [],
    });
  });
});

describe("answerVisitor with an OpenAI-compatible model", () => {
  const env = { CHAT_ASSISTANT_ENGINE: "openai", OPENAI_API_KEY: "sk-test", CHAT_ASSISTANT_MODEL: "gpt-4o-mini" };

  test("the model writes the answer from the retrieved articles; confidence still comes from retrieval", async () => {
    const { handler, received } = chatCompletionHandler(() => "You can upload files of up to 500 MB on Business Pro.", {
      apiKey: "sk-test",
    });
    mockServer.use(handler);
    const { answerVisitor, label } = await loadAssistant(env);
    const reply = await answerVisitor("How large can an uploaded file be?");
    expect(reply.content).toBe("You can upload files of up to 500 MB on Business Pro.");
    expect(reply.confidenceScore).toBeGreaterThanOrEqual(0.8);
    expect(label).toBe("AI (gpt-4o-mini) from help-centre articles");
    expect(received).toHaveLength(1);
    expect(received[0].model).toBe("gpt-4o-mini");
    expect(received[0].messages[0].role).toBe("system");
    expect(received[0].messages[1].content).toContain("How large can an uploaded file be?");
    expect(received[0].messages[1].content).toContain("[1] How large can an uploaded file be?");
  });

  test("when the model fails, the visitor still gets the help entry", async () => {
    const { handler } = chatCompletionHandler(() => "unused", { apiKey: "a-different-key" });
    mockServer.use(handler);
    // The assistant's logger (loggerFor, made when its module loads) writes its error here.
    const logError = vi.fn();
    vi.spyOn(logger, "child").mockReturnValue({ error: logError, warn: vi.fn(), info: vi.fn() } as never);
    const { answerVisitor } = await loadAssistant(env);
    const reply = await answerVisitor("How large can an uploaded file be?");
    expect(reply.content).toMatch(/^How large can an uploaded file be\?/);
    expect(logError).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      expect.stringContaining("Chat assistant model failed"),
    );
  });

  test("low-confidence questions never reach the model", async () => {
    const { handler, received } = chatCompletionHandler(() => "should not be asked");
    mockServer.use(handler);
    const { answerVisitor } = await loadAssistant(env);
    expect((await answerVisitor("What's the capital of Mongolia?")).needsHumanReview).toBe(true);
    expect(received).toHaveLength(0);
  });
});
