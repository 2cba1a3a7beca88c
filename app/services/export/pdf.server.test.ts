import fs from "node:fs";
import { PDFParse } from "pdf-parse";
import { afterEach, describe, expect, test, vi } from "vitest";
import { exportTranscript } from "./export.server";
import { longTranscript, meetingTranscript } from "./test-fixtures";
import { DEFAULT_EXPORT_OPTIONS } from "./types";

async function parsePdf(body: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const { text, total } = await parser.getText();
    const { info } = await parser.getInfo();
    return { text, total, info: info as Record<string, unknown> };
  } finally {
    await parser.destroy();
  }
}

const pdf = async (doc = meetingTranscript(), options = {}) => exportTranscript(doc, "pdf", options);

describe("PDF export", () => {
  test("text in Latin with accents, Cyrillic and Japanese comes out of the PDF", async () => {
    const file = await pdf();
    expect(file.contentType).toBe("application/pdf");
    expect(file.body.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, total, info } = await parsePdf(file.body);
    expect(total).toBe(1);
    expect(text).toContain("Réunion – Встреча – 会議");
    expect(text).toContain("Café crème");
    expect(text).toContain("Привет мир");
    expect(text).toContain("会議を始めます");
    expect(text).toContain("Transcribed by whisper.cpp (large-v3)");
    expect(text).toContain("[00:00:06] Boris: Привет мир");
    expect(text).toContain("[01:01:01] Alice: Before we finish");
    expect(text).toContain("1 / 1");
    expect(info.Title).toBe("Réunion – Встреча – 会議");
    expect(info.Creator).toBe("Voxlate");
  });

  test("fonts are embedded, with no standard Helvetica", async () => {
    const raw = (await pdf()).body.toString("latin1");
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/DejaVuSans-Bold/);
    expect(raw).toMatch(/WenQuanYiMicroHei/);
    expect(raw).not.toMatch(/Helvetica/);
  });

  test("a document without CJK text does not embed the CJK font", async () => {
    const doc = { ...meetingTranscript(), title: "Weekly sync", segments: meetingTranscript().segments.slice(0, 3) };
    expect((await pdf(doc)).body.toString("latin1")).not.toMatch(/WenQuanYi/);
  });

  test("options off remove the cover, names and timestamps", async () => {
    const { text } = await parsePdf(
      (await pdf(meetingTranscript(), { timestamps: false, speakers: false, cover: false })).body,
    );
    expect(text).not.toContain("Réunion");
    expect(text).not.toContain("team-meeting.mp3");
    expect(text).not.toMatch(/Alice|Boris/);
    expect(text).not.toMatch(/\[\d\d:\d\d:\d\d\]/);
    expect(text).toContain("Café crème");
    expect(text).toContain("会議を始めます");
  });

  test("a long transcript flows over numbered pages", async () => {
    const doc = longTranscript(300);
    const { text, total } = await parsePdf((await pdf(doc)).body);
    expect(total).toBeGreaterThan(10);
    expect(text).toContain(`1 / ${total}`);
    expect(text).toContain(`${total} / ${total}`);
    // The last paragraph made it onto the last page.
    expect(text).toContain(`[00:24:55] Boris: ${doc.segments.at(-1)!.text.slice(0, 40)}`);
  });
});

describe("PDF fonts missing", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  test("the error names the Debian package to install", async () => {
    vi.resetModules();
    vi.spyOn(fs, "existsSync").mockImplementation((path) => !String(path).includes("dejavu"));
    const { writePdf } = await import("./pdf.server");
    await expect(writePdf(meetingTranscript(), DEFAULT_EXPORT_OPTIONS)).rejects.toThrow(
      /DejaVuSans\.ttf: install the Debian package fonts-dejavu-core/,
    );
  });

  test("the CJK font is only required for CJK text", async () => {
    vi.resetModules();
    vi.spyOn(fs, "existsSync").mockImplementation((path) => !String(path).includes("wqy"));
    const { writePdf } = await import("./pdf.server");
    const latinOnly = { ...meetingTranscript(), title: "Sync", segments: meetingTranscript().segments.slice(0, 3) };
    await expect(writePdf(latinOnly, DEFAULT_EXPORT_OPTIONS)).resolves.toBeInstanceOf(Buffer);
    await expect(writePdf(meetingTranscript(), DEFAULT_EXPORT_OPTIONS)).rejects.toThrow(
      /install the Debian package fonts-wqy-microhei/,
    );
  });
});
