import { describe, expect, test } from "vitest";
import { OPENAI_TEST_BASE_URL } from "../../../tests/mocks/openai";
import { mockServer } from "../../../tests/mocks/server";
import { chatTranslationHandler, tagged } from "../../../tests/mocks/translation";
import { TranslationError } from "./errors";
import { openAiTranslationProvider, parseTranslationArray } from "./openai.server";

const provider = openAiTranslationProvider({ baseUrl: OPENAI_TEST_BASE_URL, apiKey: "sk-test", model: "gpt-4o-mini" });

describe("OpenAI-compatible chat translation", () => {
  test("is labelled AI with the model and supports any two different languages", () => {
    expect(provider.label).toBe("AI (gpt-4o-mini)");
    expect(provider.supports("en", "sw")).toBe(true);
    expect(provider.supports("en", "en-GB")).toBe(false);
  });

  test("sends the texts as a JSON array with the Bearer key and names both languages", async () => {
    const { handler, received } = chatTranslationHandler(
      (texts) => JSON.stringify(texts.map((text) => tagged(text, "es"))),
      {
        apiKey: "sk-test",
      },
    );
    mockServer.use(handler);
    const result = await provider.translate(["Hello", "my country"], "en", "es");
    expect(result).toEqual(["[es] Hello", "[es] my country"]);
    expect(received).toHaveLength(1);
    expect(received[0].model).toBe("gpt-4o-mini");
    expect(received[0].messages[0].content).toMatch(/English \(en\).*Spanish \(es\)/s);
    expect(received[0].messages[0].content).toMatch(/exactly 2 strings/);
    expect(JSON.parse(received[0].messages[1].content)).toEqual(["Hello", "my country"]);
  });

  test("accepts the array inside a ```json fence", async () => {
    mockServer.use(
      chatTranslationHandler((texts) => "```json\n" + JSON.stringify(texts.map((text) => `x ${text}`)) + "\n```")
        .handler,
    );
    expect(await provider.translate(["a", "b"], null, "de")).toEqual(["x a", "x b"]);
  });

  test("a reply with the wrong number of items falls back to one request per segment", async () => {
    const { handler, received } = chatTranslationHandler((texts, batch) =>
      batch ? JSON.stringify([texts.join(" ")]) : `es: ${texts[0]}`,
    );
    mockServer.use(handler);
    const result = await provider.translate(["one", "two", "three"], "en", "es");
    expect(result).toEqual(["es: one", "es: two", "es: three"]);
    expect(received).toHaveLength(4);
    expect(received.slice(1).map((request) => request.messages[1].content)).toEqual(["one", "two", "three"]);
  });

  test("a refused key (401) is a TranslationError about the key", async () => {
    mockServer.use(chatTranslationHandler((texts) => JSON.stringify(texts), { apiKey: "sk-right" }).handler);
    const attempt = provider.translate(["Hi"], "en", "es");
    await expect(attempt).rejects.toBeInstanceOf(TranslationError);
    await expect(provider.translate(["Hi"], "en", "es")).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/refused the API key: Incorrect API key provided/),
    });
  });

  test("parseTranslationArray checks the count and the item types", () => {
    expect(parseTranslationArray('["a","b"]', 2)).toEqual(["a", "b"]);
    expect(parseTranslationArray('["a"]', 2)).toBeNull();
    expect(parseTranslationArray("[1, 2]", 2)).toBeNull();
    expect(parseTranslationArray("no array here", 1)).toBeNull();
  });
});
