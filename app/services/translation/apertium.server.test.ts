import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { apertiumProvider } from "./apertium.server";
import { TranslationError } from "./errors";
import { translateSegments } from "./segments.server";
import { prerequisiteMissing } from "../../../tests/prerequisites";

const installed = spawnSync("apertium", ["-l"], { encoding: "utf8" });
const modes = installed.status === 0 ? installed.stdout.split(/\s+/).filter(Boolean) : [];
const skipApertium = prerequisiteMissing(
  modes.includes("eng-spa"),
  "`apertium` with the eng-spa mode (Debian packages apertium apertium-en-es)",
);

const JFK = [
  { start: 0, end: 3.2, text: "And so my fellow Americans, ask not", speaker: "Speaker 1" },
  { start: 3.2, end: 7.5, text: "what your country can do for you,", speaker: "Speaker 1" },
  { start: 7.5, end: 11, text: "ask what you can do for your country.", speaker: null },
];

describe.skipIf(skipApertium)("Apertium (installed apertium-en-es)", () => {
  const provider = apertiumProvider();

  test("is labelled as offline rule-based, never AI, and supports exactly the installed pairs", () => {
    expect(provider.label).toBe("Apertium (offline rule-based)");
    expect(provider.label).not.toMatch(/\bAI\b/);
    expect(provider.supports("en", "es")).toBe(true);
    expect(provider.supports("es", "en")).toBe(true);
    expect(provider.supports("en-US", "es")).toBe(true);
    expect(provider.supports("en", "fr")).toBe(false);
    expect(provider.supports("de", "es")).toBe(false);
  });

  test("translates the JFK transcript to Spanish, one line per segment, in order", async () => {
    const result = await provider.translate(
      JFK.map((segment) => segment.text),
      "en",
      "es",
    );
    expect(result).toHaveLength(3);
    expect(result[0]).toMatch(/americanos/i);
    expect(result[1]).toMatch(/pa[ií]s/);
    expect(result[2]).toMatch(/pa[ií]s/);
    expect(result[2]).toMatch(/hacer/);
    for (const line of result) {
      expect(line).not.toMatch(/[*#@]/);
      expect(line).not.toContain("\n");
    }
  });

  test("translateSegments keeps start, end and speaker and adds the Spanish translation", async () => {
    const progress: number[] = [];
    const result = await translateSegments(provider, JFK, "en", "es", {
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.map(({ start, end, speaker, text }) => ({ start, end, speaker, text }))).toEqual(JFK);
    expect(result.map((segment) => segment.translation).join(" ")).toMatch(/pa[ií]s/);
    expect(result.every((segment) => segment.translation.length > 0)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  test("keeps the count when texts contain line breaks or are empty", async () => {
    const texts = ["Hello\nworld", "", "   ", "The country\r\n\r\nis big.", "[brackets] ^caret$ back\\slash"];
    const result = await provider.translate(texts, "en", "es");
    expect(result).toHaveLength(5);
    expect(result[0]).toMatch(/Hola/);
    expect(result[1]).toBe("");
    expect(result[2]).toBe("");
    expect(result[3]).toMatch(/pa[ií]s/);
    expect(result[4]).not.toBe("");
  });

  test("translates Spanish back to English", async () => {
    const [english] = await provider.translate(["Mi país es grande."], "es", "en");
    expect(english).toMatch(/country/i);
  });

  test("an unsupported pair is refused with a clear TranslationError", async () => {
    expect(provider.supports("en", "ja")).toBe(false);
    const attempt = provider.translate(["Hello"], "en", "ja");
    await expect(attempt).rejects.toBeInstanceOf(TranslationError);
    await expect(provider.translate(["Hello"], "en", "ja")).rejects.toThrow(/Apertium cannot translate en to ja/);
  });

  test("a known pair whose package is missing names the package to install", async () => {
    const missing = apertiumProvider({ modesDir: "/nonexistent" });
    expect(missing.supports("en", "es")).toBe(false);
    await expect(missing.translate(["Hello"], "en", "es")).rejects.toThrow(/apertium-en-es/);
  });

  test("needs a source language", async () => {
    await expect(provider.translate(["Hello"], null, "es")).rejects.toThrow(TranslationError);
  });

  test("an aborted signal stops the run", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.translate(["Hello"], "en", "es", { signal: controller.signal })).rejects.toThrow();
  });
});

describe.skipIf(skipApertium)("Apertium without the program", () => {
  test("reports that it is not installed", async () => {
    const provider = apertiumProvider({ command: "/nonexistent/apertium" });
    await expect(provider.translate(["Hello"], "en", "es")).rejects.toThrow(/Apertium is not installed/);
  });
});
