import { describe, expect, test } from "vitest";
import { EXPORT_FORMATS } from "~/services/export/types";
import { helpCentre, searchHelpCentre } from "./help-centre.server";
import { retrieve } from "./knowledge-base.server";

describe("the help centre's export formats come from the export registry", () => {
  const entries = helpCentre().flatMap((topic) => topic.entries);
  const formatsAnswer = entries.find((entry) => entry.question === "Which export formats are available?")!;

  test("the formats answer names every format in EXPORT_FORMATS, and says what each is for", () => {
    for (const format of EXPORT_FORMATS) {
      expect(formatsAnswer.text).toContain(format.toUpperCase());
      expect(formatsAnswer.text).toMatch(new RegExp(`Choose ${format.toUpperCase()}\\b`));
    }
    expect(formatsAnswer.text).toContain("PDF, DOCX, TXT, SRT, VTT or JSON");
    expect(formatsAnswer.html).toContain("PDF, DOCX, TXT, SRT, VTT or JSON");
  });

  test("no placeholder is left in any entry", () => {
    for (const entry of entries) expect(`${entry.question} ${entry.text} ${entry.html}`).not.toContain("{{");
  });

  test("the /help search finds the filled-in text", () => {
    const found = searchHelpCentre("vtt").flatMap((topic) => topic.entries.map((entry) => entry.question));
    expect(found).toContain("Which export formats are available?");
  });

  test.each([
    ["Can I export WebVTT subtitles?", "VTT"],
    ["Can I download the transcript as JSON?", "JSON"],
  ])("the assistant answers %s from the formats entry", (question, format) => {
    const best = retrieve(question).entries[0];
    expect(best.title).toBe("Which export formats are available?");
    expect(best.text).toContain(format);
  });
});
