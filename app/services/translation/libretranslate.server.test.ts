import { describe, expect, test } from "vitest";
import { mockServer } from "../../../tests/mocks/server";
import { LIBRETRANSLATE_TEST_URL, libreTranslateHandler, tagged } from "../../../tests/mocks/translation";
import { TranslationError } from "./errors";
import { libreTranslateProvider } from "./libretranslate.server";

describe("LibreTranslate", () => {
  test("posts all texts as q with source, target, format text and the API key, and returns them in order", async () => {
    const { handler, received } = libreTranslateHandler((text, request) => tagged(text, request.target), {
      apiKey: "lt-key",
    });
    mockServer.use(handler);
    const provider = libreTranslateProvider({ baseUrl: `${LIBRETRANSLATE_TEST_URL}/`, apiKey: "lt-key" });
    expect(provider.label).toBe("LibreTranslate");
    expect(provider.supports("en", "de")).toBe(true);
    expect(provider.supports("en", "en")).toBe(false);

    const result = await provider.translate(["Hello", "my country"], "en", "es");
    expect(result).toEqual(["[es] Hello", "[es] my country"]);
    expect(received).toEqual([
      { q: ["Hello", "my country"], source: "en", target: "es", format: "text", api_key: "lt-key" },
    ]);
  });

  test("sends source auto when the language is unknown and no api_key when there is none", async () => {
    const { handler, received } = libreTranslateHandler((text) => text.toUpperCase());
    mockServer.use(handler);
    const result = await libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["a", "b"], null, "fr");
    expect(result).toEqual(["A", "B"]);
    expect(received[0].source).toBe("auto");
    expect(received[0]).not.toHaveProperty("api_key");
  });

  test("a wrong key (403) is a TranslationError about the key", async () => {
    mockServer.use(libreTranslateHandler((text) => text, { apiKey: "right" }).handler);
    const attempt = libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL, apiKey: "wrong" }).translate(
      ["Hi"],
      "en",
      "es",
    );
    await expect(attempt).rejects.toMatchObject({
      name: "TranslationError",
      status: 403,
      message: expect.stringMatching(/API key/),
    });
  });

  test("400 passes on the server's error text", async () => {
    mockServer.use(
      libreTranslateHandler((text) => text, { fail: { status: 400, error: "xx is not supported" } }).handler,
    );
    const attempt = libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["Hi"], "en", "xx");
    await expect(attempt).rejects.toBeInstanceOf(TranslationError);
    await expect(
      libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["Hi"], "en", "xx"),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("xx is not supported"),
    });
  });

  test("429 says the rate limit was reached", async () => {
    mockServer.use(
      libreTranslateHandler((text) => text, { fail: { status: 429, error: "Slowdown: 30 per 1 minute" } }).handler,
    );
    await expect(
      libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["Hi"], "en", "es"),
    ).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/rate limit.*Slowdown/),
    });
  });

  test("500 and a wrong number of translations are errors too", async () => {
    mockServer.use(
      libreTranslateHandler((text) => text, { fail: { status: 500, error: "Cannot translate text" } }).handler,
    );
    await expect(
      libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["Hi"], "en", "es"),
    ).rejects.toMatchObject({ status: 500 });

    const { http, HttpResponse } = await import("msw");
    mockServer.use(
      http.post(`${LIBRETRANSLATE_TEST_URL}/translate`, () => HttpResponse.json({ translatedText: ["only one"] })),
    );
    await expect(
      libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["a", "b"], "en", "es"),
    ).rejects.toThrow(/unexpected form/);
  });

  test("an unreachable server is a TranslationError", async () => {
    const { http, HttpResponse } = await import("msw");
    mockServer.use(http.post(`${LIBRETRANSLATE_TEST_URL}/translate`, () => HttpResponse.error()));
    await expect(
      libreTranslateProvider({ baseUrl: LIBRETRANSLATE_TEST_URL }).translate(["a"], "en", "es"),
    ).rejects.toThrow(/LibreTranslate could not be reached/);
  });
});
