import { describe, expect, test } from "vitest";
import { exportTranscript } from "./export.server";
import { meetingTranscript } from "./test-fixtures";

const text = async (options = {}) =>
  (await exportTranscript(meetingTranscript(), "txt", options)).body.toString("utf8");

describe("TXT export", () => {
  test("cover, then one paragraph per speaker turn with timestamp and name", async () => {
    expect(await text()).toBe(
      [
        "Réunion – Встреча – 会議",
        "File: team-meeting.mp3",
        "Duration: 1:02:05",
        "Date: 5 March 2025 at 14:03 UTC",
        "Transcribed by whisper.cpp (large-v3)",
        "Language: French",
        "",
        "[00:00:00] Alice: Bonjour à tous, merci d'être venus. Café crème pour tout le monde ?",
        "",
        "[00:00:06] Boris: Привет мир 会議を始めます",
        "",
        "[01:01:01] Alice: Before we finish, let's agree on the budget for the next quarter and who owns the follow-up.",
        "",
      ].join("\n"),
    );
  });

  test("with every option off, only the words are left", async () => {
    expect(await text({ timestamps: false, speakers: false, cover: false })).toBe(
      [
        "Bonjour à tous, merci d'être venus. Café crème pour tout le monde ?",
        "Привет мир 会議を始めます",
        "Before we finish, let's agree on the budget for the next quarter and who owns the follow-up.",
      ].join("\n\n") + "\n",
    );
  });

  test("each option removes only its own part", async () => {
    const withoutTimestamps = await text({ timestamps: false });
    expect(withoutTimestamps).toContain("\nAlice: Bonjour");
    expect(withoutTimestamps).not.toMatch(/\[\d\d:\d\d:\d\d\]/);
    const withoutSpeakers = await text({ speakers: false });
    expect(withoutSpeakers).toContain("[00:00:06] Привет мир");
    expect(withoutSpeakers).not.toMatch(/Alice|Boris/);
    const withoutCover = await text({ cover: false });
    expect(withoutCover.startsWith("[00:00:00] Alice: Bonjour")).toBe(true);
    expect(withoutCover).not.toContain("team-meeting.mp3");
  });

  test("a cover without model or language leaves those parts out", async () => {
    const doc = { ...meetingTranscript(), model: null, language: null, segments: [] };
    expect((await exportTranscript(doc, "txt")).body.toString()).toBe(
      "Réunion – Встреча – 会議\nFile: team-meeting.mp3\nDuration: 1:02:05\nDate: 5 March 2025 at 14:03 UTC\nTranscribed by whisper.cpp\n",
    );
  });
});
