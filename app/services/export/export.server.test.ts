import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript } from "./test-fixtures";
import { EXPORT_FORMATS, type ExportFormat } from "./types";

describe("exportTranscript", () => {
  test.each([
    ["pdf", "application/pdf"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["txt", "text/plain; charset=utf-8"],
    ["srt", "application/x-subrip; charset=utf-8"],
    ["vtt", "text/vtt; charset=utf-8"],
    ["json", "application/json; charset=utf-8"],
  ] as const)("%s: content type %s and an ASCII file name", async (format, contentType) => {
    const file = await exportTranscript(meetingTranscript(), format);
    expect(file.contentType).toBe(contentType);
    expect(file.fileName).toBe(`reunion.${format}`);
    expect(file.body).toBeInstanceOf(Buffer);
    expect(file.body.length).toBeGreaterThan(0);
  });

  test.each([
    ["Réunion d'équipe – Q3 2025", "reunion-d-equipe-q3-2025"],
    ["  Ärger über Straße & Co.  ", "arger-uber-strasse-co"],
    ["Smørrebrød & Œuvres", "smorrebrod-oeuvres"],
    ["会議", "transcript"],
    ["", "transcript"],
    ["../../etc/passwd", "etc-passwd"],
    ["Ａｂｃ　１２３", "abc-123"],
  ])("title %j → file %s.txt", async (title, slug) => {
    expect((await exportTranscript({ ...meetingTranscript(), title }, "txt")).fileName).toBe(`${slug}.txt`);
  });

  test("a very long title is cut at a word boundary", async () => {
    const { fileName } = await exportTranscript(
      { ...meetingTranscript(), title: "quarterly planning ".repeat(10) },
      "json",
    );
    expect(fileName.length).toBeLessThanOrEqual(80 + ".json".length);
    expect(fileName).toMatch(/^quarterly-planning(-quarterly-planning)*(-quarterly)?\.json$/);
    const { fileName: oneWord } = await exportTranscript({ ...meetingTranscript(), title: "a".repeat(200) }, "json");
    expect(oneWord).toBe(`${"a".repeat(80)}.json`);
  });

  test("options left out, or passed as undefined, keep their defaults", async () => {
    const full = (await exportTranscript(meetingTranscript(), "txt")).body.toString();
    expect(
      (
        await exportTranscript(meetingTranscript(), "txt", { timestamps: undefined, speakers: undefined })
      ).body.toString(),
    ).toBe(full);
    expect((await exportTranscript(meetingTranscript(), "txt", {})).body.toString()).toBe(full);
  });

  test("an unknown format is refused", async () => {
    await expect(exportTranscript(meetingTranscript(), "html" as ExportFormat)).rejects.toThrow(
      "Unknown export format: html",
    );
  });

  test("an invalid date is refused before any writer runs", async () => {
    for (const format of EXPORT_FORMATS) {
      await expect(
        exportTranscript({ ...meetingTranscript(), createdAt: new Date("nonsense") }, format),
      ).rejects.toThrow("createdAt is not a valid date");
    }
  });

  test("unsorted segments, end before start and blank text are cleaned up for every format", async () => {
    const doc = {
      ...meetingTranscript(),
      segments: [
        { start: 10, end: 12, text: "Second.", speaker: "Boris" },
        { start: 2, end: 1, text: "  First,\n\tsaid   twice. ", speaker: " Alice " },
        { start: 5, end: 6, text: "   ", speaker: "Alice" },
        { start: Number.NaN, end: 3, text: "No time.", speaker: null },
      ],
    };
    const json = JSON.parse((await exportTranscript(doc, "json")).body.toString());
    expect(json.segments).toEqual([
      {
        start: 2,
        end: 2,
        speaker: "Alice",
        text: "First, said twice.",
        confidence: null,
        edited: false,
        words: [],
        comments: [],
      },
      {
        start: 10,
        end: 12,
        speaker: "Boris",
        text: "Second.",
        confidence: null,
        edited: false,
        words: [],
        comments: [],
      },
    ]);
    const srt = (await exportTranscript(doc, "srt")).body.toString();
    expect(srt).toContain("1\r\n00:00:02,000 --> 00:00:03,000\r\nAlice: First, said twice.\r\n");
    expect(srt).toContain("2\r\n00:00:10,000 --> 00:00:12,000\r\nBoris: Second.\r\n");
  });
});
