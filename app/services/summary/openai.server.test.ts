import { describe, expect, test } from "vitest";
import { chatCompletionHandler, OPENAI_TEST_BASE_URL } from "../../../tests/mocks/openai";
import { mockServer } from "../../../tests/mocks/server";
import { MAX_PROMPT_CHARS, openAiSummariser, parseSummaryReply, promptLines } from "./openai.server";
import { SummaryError, type SummarySegment } from "./summariser";

const summariser = openAiSummariser({ baseUrl: OPENAI_TEST_BASE_URL, apiKey: "sk-test", model: "gpt-4o-mini" });

const segments: SummarySegment[] = [
  {
    id: "a",
    start: 0,
    end: 4.7,
    text: "Good morning. Thank you for joining the quarterly review meeting today.",
    speaker: "Speaker 1",
  },
  {
    id: "b",
    start: 10.55,
    end: 15.23,
    text: "Revenue grew by twelve percent compared to last quarter.",
    speaker: "Speaker 1",
  },
  {
    id: "c",
    start: 21.37,
    end: 24.8,
    text: "We will discuss the budget after the product update.",
    speaker: "Speaker 2",
  },
];

describe("AI summary through an OpenAI-compatible chat API", () => {
  test("is labelled AI with its model", () => {
    expect(summariser.label).toBe("AI summary (gpt-4o-mini)");
  });

  test("sends numbered lines with times and speakers; points come back linked to their segments", async () => {
    const { handler, received } = chatCompletionHandler(
      () =>
        "```json\n" +
        JSON.stringify({
          abstract: "A quarterly review: revenue is up 12%.",
          keyPoints: [{ text: "Revenue grew 12%.", segment: 2 }],
          actionItems: [{ text: "Discuss the budget after the product update.", segment: 3 }],
        }) +
        "\n```",
      { apiKey: "sk-test" },
    );
    mockServer.use(handler);
    const summary = await summariser.summarise(segments, { language: "en" });
    expect(summary).toEqual({
      abstract: "A quarterly review: revenue is up 12%.",
      keyPoints: [{ text: "Revenue grew 12%.", segmentId: "b", start: 10.55 }],
      actionItems: [{ text: "Discuss the budget after the product update.", segmentId: "c", start: 21.37 }],
    });
    expect(received[0].model).toBe("gpt-4o-mini");
    expect(received[0].messages[0].content).toMatch(/Write in English/);
    expect(received[0].messages[1].content).toBe(
      "[1] 0:00 Speaker 1: Good morning. Thank you for joining the quarterly review meeting today.\n" +
        "[2] 0:10 Speaker 1: Revenue grew by twelve percent compared to last quarter.\n" +
        "[3] 0:21 Speaker 2: We will discuss the budget after the product update.",
    );
  });

  test("a point naming a segment that does not exist is dropped, not linked to a wrong time", () => {
    const reply = JSON.stringify({
      abstract: "x",
      keyPoints: [
        { text: "real", segment: 1 },
        { text: "invented", segment: 9 },
      ],
      actionItems: [],
    });
    expect(parseSummaryReply(reply, segments)?.keyPoints).toEqual([{ text: "real", segmentId: "a", start: 0 }]);
    expect(parseSummaryReply("I cannot help with that.", segments)).toBeNull();
    expect(parseSummaryReply('{"abstract": 3}', segments)).toBeNull();
  });

  test("errors: a refused key (401), a missing model (404) and an unreadable reply are SummaryErrors", async () => {
    mockServer.use(chatCompletionHandler(() => "{}", { apiKey: "sk-other" }).handler);
    await expect(summariser.summarise(segments)).rejects.toMatchObject({
      name: "SummaryError",
      status: 401,
      message: expect.stringMatching(/refused the API key/),
    });

    const { http, HttpResponse } = await import("msw");
    mockServer.use(
      http.post(`${OPENAI_TEST_BASE_URL}/chat/completions`, () =>
        HttpResponse.json(
          {
            error: {
              message: "The model `gpt-9` does not exist",
              type: "invalid_request_error",
              code: "model_not_found",
            },
          },
          { status: 404 },
        ),
      ),
    );
    await expect(summariser.summarise(segments)).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/does not know the model "gpt-4o-mini"/),
    });

    mockServer.use(chatCompletionHandler(() => "Here is a summary: it was a meeting.").handler);
    await expect(summariser.summarise(segments)).rejects.toBeInstanceOf(SummaryError);
  });

  test("a transcript too long for one prompt is sampled, numbered as sent", () => {
    const long = Array.from({ length: 3000 }, (_, index) => ({
      id: `s${index}`,
      start: index * 3,
      end: index * 3 + 2,
      text: `Sentence number ${index} about the project plan and its budget.`,
      speaker: null,
    }));
    const { lines, numbered } = promptLines(long);
    expect(lines.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS);
    expect(numbered.length).toBeLessThan(long.length);
    const firstLine = lines.split("\n")[1];
    expect(firstLine.startsWith("[2] ")).toBe(true);
    expect(firstLine).toContain(numbered[1].text);
  });
});
