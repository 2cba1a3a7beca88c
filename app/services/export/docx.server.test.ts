import { inflateRawSync } from "node:zlib";
import mammoth from "mammoth";
import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript } from "./test-fixtures";

/** One file out of a zip, through the central directory (which always has the sizes). */
function readZipEntry(zip: Buffer, name: string): string {
  const directoryEnd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let offset = zip.readUInt32LE(directoryEnd + 16);
  for (let entry = 0; entry < zip.readUInt16LE(directoryEnd + 10); entry++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    if (zip.toString("utf8", offset + 46, offset + 46 + nameLength) === name) {
      const method = zip.readUInt16LE(offset + 10);
      const compressedSize = zip.readUInt32LE(offset + 20);
      const header = zip.readUInt32LE(offset + 42);
      const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
      const data = zip.subarray(start, start + compressedSize);
      return (method === 8 ? inflateRawSync(data) : data).toString("utf8");
    }
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  throw new Error(`${name} is not in the zip`);
}

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
