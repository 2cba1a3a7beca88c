// POST /api/translate-live (spec section 7) with the real Apertium engine, through the production request handler.
import { describe, expect, test } from "vitest";
import { appHandler, postJson } from "./app-handler";

describe("POST /api/translate-live", () => {
  test("translates English to Spanish with Apertium", async () => {
    const app = await appHandler();
    const response = await app(
      "/api/translate-live",
      postJson({ text: "Ask what you can do for your country.", targetLanguage: "es" }),
    );
    expect(response.status).toBe(200);
    const { translation } = (await response.json()) as { translation: string };
    expect(translation.toLowerCase()).toMatch(/pa[ií]s/);
  });

  test("bad bodies are 400 with a specific message; an unavailable pair is 422; GET is 405", async () => {
    const app = await appHandler();
    const cases: [unknown, string][] = [
      [{ targetLanguage: "es" }, "text is required"],
      [{ text: "   ", targetLanguage: "es" }, "text is required"],
      [{ text: "Hello" }, "targetLanguage is required"],
      [{ text: "Hello", targetLanguage: "xx" }, 'targetLanguage must be a language code from the list, such as "es".'],
      [{ text: "x".repeat(2001), targetLanguage: "es" }, "text can be at most 2000 characters"],
    ];
    for (const [body, error] of cases) {
      const response = await app("/api/translate-live", postJson(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    const unavailable = await app("/api/translate-live", postJson({ text: "Hello", targetLanguage: "ja" }));
    expect(unavailable.status).toBe(422);
    expect(((await unavailable.json()) as { error: string }).error).toBe(
      "Apertium (offline rule-based) cannot translate en to ja on this server.",
    );
    expect((await app("/api/translate-live")).status).toBe(405);
  });
});
