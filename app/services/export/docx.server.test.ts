import mammoth from "mammoth";
import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript, readZipEntry } from "./test-fixtures";

const docxText = async (options = {}) => {
  const file = await exportTranscript(meetingTranscript(), "docx", options);
  return { file, text: (await mammoth.extractRawText({ buffer: file.body })).value };
};

describe("DOCX export", () => {
  test("cover, speaker names, timestamps and every segment's text", async () => {
    const { file, text } = await docxText();
    expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(text).toContain("Réunion – Встреча – 会議");
    expect(text).toContain("File: team-meeting.mp3");
    expect(text).toContain("Transcribed by whisper.cpp (large-v3)");
    for (const segment of meetingTranscript().segments) expect(text).toContain(segment.text);
    expect(text).toContain("[00:00:00] Alice: Bonjour à tous");
    expect(text).toContain("[00:00:06] Boris: Привет мир 会議を始めます");
    expect(text).toContain("[01:01:01] Alice: Before we finish");
  });

  test("options off remove the cover, names and timestamps, not the words", async () => {
    const { text } = await docxText({ timestamps: false, speakers: false, cover: false });
    expect(text).not.toContain("Réunion");
    expect(text).not.toContain("team-meeting.mp3");
    expect(text).not.toMatch(/Alice|Boris/);
    expect(text).not.toMatch(/\[\d\d:\d\d:\d\d\]/);
    for (const segment of meetingTranscript().segments) expect(text).toContain(segment.text);
  });

  test("core properties name the title and Voxlate", async () => {
    const { file } = await docxText();
    const core = readZipEntry(file.body, "docProps/core.xml");
    expect(core).toContain("<dc:title>Réunion – Встреча – 会議</dc:title>");
    expect(core).toContain("<dc:creator>Voxlate</dc:creator>");
  });
});
