import { describe, expect, test } from "vitest";
import { mockServer } from "../../../tests/mocks/server";
import { DEEPL_FREE_URL, DEEPL_PRO_URL, deeplHandler, tagged } from "../../../tests/mocks/translation";
import { deeplBaseUrl, deeplProvider, deeplSourceLang, deeplTargetLang } from "./deepl.server";
import { TranslationError } from "./errors";

const FREE_KEY = "0000-test:fx";

describe("DeepL", () => {
  test("free keys use api-free.deepl.com, others api.deepl.com", () => {
    expect(deeplBaseUrl(FREE_KEY)).toBe(DEEPL_FREE_URL);
    expect(deeplBaseUrl("0000-pro")).toBe(DEEPL_PRO_URL);
  });

  test("maps language codes to DeepL's", () => {
    expect(deeplTargetLang("es")).toBe("ES");
    expect(deeplTargetLang("en")).toBe("EN-US");
    expect(deeplTargetLang("en-GB")).toBe("EN-GB");
    expect(deeplTargetLang("pt")).toBe("PT-BR");
    expect(deeplTargetLang("pt-PT")).toBe("PT-PT");
    expect(deeplTargetLang("no")).toBe("NB");
    expect(deeplSourceLang("en-US")).toBe("EN");
  });

  test("sends the key in the DeepL-Auth-Key header and text, target_lang and source_lang in the body", async () => {
    const { handler, received } = deeplHandler((text, request) => tagged(text, request.target_lang), {
      apiKey: FREE_KEY,
    });
    mockServer.use(handler);
    const provider = deeplProvider({ apiKey: FREE_KEY });
    expect(provider.label).toBe("DeepL");
    expect(provider.supports("en", "es")).toBe(true);
    expect(provider.supports("en", "eo")).toBe(false);

    expect(await provider.translate(["Hello", "my country"], "en", "pt")).toEqual([
      "[PT-BR] Hello",
      "[PT-BR] my country",
    ]);
    expect(received).toEqual([{ text: ["Hello", "my country"], target_lang: "PT-BR", source_lang: "EN" }]);
  });

  test("leaves out source_lang when detecting and batches at most 50 texts per request, keeping order", async () => {
    const { handler, received } = deeplHandler((text) => `es:${text}`, { apiKey: "pro-key", baseUrl: DEEPL_PRO_URL });
    mockServer.use(handler);
    const texts = Array.from({ length: 120 }, (_, index) => `line ${index}`);
    const result = await deeplProvider({ apiKey: "pro-key" }).translate(texts, null, "es");
    expect(result).toEqual(texts.map((text) => `es:${text}`));
    expect(received.map((request) => request.text.length)).toEqual([50, 50, 20]);
    expect(received[0]).not.toHaveProperty("source_lang");
  });

  test("a wrong key (403) is a TranslationError about the key", async () => {
    mockServer.use(deeplHandler((text) => text, { apiKey: FREE_KEY }).handler);
    const attempt = deeplProvider({ apiKey: "wrong:fx" }).translate(["Hi"], "en", "es");
    await expect(attempt).rejects.toBeInstanceOf(TranslationError);
    await expect(deeplProvider({ apiKey: "wrong:fx" }).translate(["Hi"], "en", "es")).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/refused the API key/),
    });
  });

  test("456 says the quota is used up", async () => {
    mockServer.use(deeplHandler((text) => text, { apiKey: FREE_KEY, fail: { status: 456 } }).handler);
    await expect(deeplProvider({ apiKey: FREE_KEY }).translate(["Hi"], "en", "es")).rejects.toMatchObject({
      status: 456,
      message: expect.stringMatching(/quota/),
    });
  });

  test("429 asks to try again", async () => {
    mockServer.use(deeplHandler((text) => text, { apiKey: FREE_KEY, fail: { status: 429 } }).handler);
    await expect(deeplProvider({ apiKey: FREE_KEY }).translate(["Hi"], "en", "es")).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/too many requests/i),
    });
  });
});
