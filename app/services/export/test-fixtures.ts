import { inflateRawSync } from "node:zlib";
import type { TranscriptDocument } from "./types";

/** Two speakers, five segments: accented Latin, Cyrillic, Japanese, and one past the first hour. */
export function meetingTranscript(): TranscriptDocument {
  return {
    title: "Réunion – Встреча – 会議",
    fileName: "team-meeting.mp3",
    durationSeconds: 3725,
    createdAt: new Date("2025-03-05T14:03:00Z"),
    engine: "whisper.cpp",
    model: "large-v3",
    language: "fr",
    segments: [
      { start: 0, end: 3.5, text: "Bonjour à tous, merci d'être venus.", speaker: "Alice" },
      { start: 3.5, end: 6, text: "Café crème pour tout le monde ?", speaker: "Alice" },
      { start: 6.2, end: 8, text: "Привет мир", speaker: "Boris" },
      { start: 8.5, end: 12, text: "会議を始めます", speaker: "Boris" },
      {
        start: 3661.4,
        end: 3680,
        text: "Before we finish, let's agree on the budget for the next quarter and who owns the follow-up.",
        speaker: "Alice",
      },
    ],
  };
}

const WORDS =
  "the budget for next quarter depends on how quickly we can finish the migration and hire two more engineers".split(
    " ",
  );

/** `count` segments of about 5 s and 25 words, alternating speakers. */
export function longTranscript(count: number): TranscriptDocument {
  return {
    ...meetingTranscript(),
    title: "Long meeting",
    durationSeconds: count * 5,
    segments: Array.from({ length: count }, (_, index) => ({
      start: index * 5,
      end: index * 5 + 4.8,
      text: Array.from({ length: 25 }, (_, word) => WORDS[(index + word) % WORDS.length]).join(" ") + ".",
      speaker: index % 2 === 0 ? "Alice" : "Boris",
    })),
  };
}

/** One file out of a zip, through the central directory (which always has the sizes). */
export function readZipEntry(zip: Buffer, name: string): string {
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
