import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { sharedFile } from "../../../tests/shared-files";
import { keyPointCount, summariseExtractively } from "./extractive.server";
import type { SummarySegment } from "./summariser";

/** The reference transcript of dialogue-two-speakers.wav, as segments. */
function dialogue(): SummarySegment[] {
  const { turns } = JSON.parse(fs.readFileSync(sharedFile("testdata/audio/dialogue-two-speakers.json"), "utf8")) as {
    turns: { speaker: string; start: number; end: number; text: string }[];
  };
  return turns.map((turn, index) => ({
    id: `segment-${index}`,
    start: turn.start,
    end: turn.end,
    text: turn.text,
    speaker: `Speaker ${turn.speaker}`,
  }));
}

describe("extractive summary", () => {
  test("every point of a real transcript links to an existing segment and its start time", () => {
    const segments = dialogue();
    const summary = summariseExtractively(segments);
    expect(summary.keyPoints.length).toBeGreaterThanOrEqual(3);
    for (const point of [...summary.keyPoints, ...summary.actionItems]) {
      const segment = segments.find((candidate) => candidate.id === point.segmentId);
      expect(segment, point.text).toBeDefined();
      expect(point.start).toBe(segment!.start);
      // Extractive: the point is the transcript's own words.
      expect(segment!.text.toLowerCase()).toContain(point.text.toLowerCase().replace(/\.$/, ""));
    }
    // Key points come in the order they were said.
    const starts = summary.keyPoints.map((point) => point.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(summary.abstract.length).toBeGreaterThan(20);
  });

  test("a commitment is an action item; a statement of fact is not", () => {
    const summary = summariseExtractively(dialogue());
    expect(summary.actionItems.map((item) => item.text)).toContain(
      "We will discuss the budget after the product update.",
    );
    expect(summary.actionItems.map((item) => item.text)).not.toContain("Yes.");
    expect(summary.actionItems.some((item) => /Revenue grew/.test(item.text))).toBe(false);
  });

  test("the central sentence of a meeting outranks a one-off remark", () => {
    const lines = [
      "The budget for the launch is the main question today.",
      "I had a sandwich for lunch.",
      "Marketing wants a bigger budget for the launch.",
      "Sales agrees the launch budget should grow.",
      "The weather was lovely this weekend.",
      "We need to decide the launch budget by Friday.",
    ];
    const segments = lines.map((text, index) => ({
      id: `s${index}`,
      start: index * 5,
      end: index * 5 + 4,
      text,
      speaker: null,
    }));
    const summary = summariseExtractively(segments);
    const texts = summary.keyPoints.map((point) => point.text);
    expect(texts.some((text) => /budget/i.test(text))).toBe(true);
    expect(texts).not.toContain("I had a sandwich for lunch.");
    expect(summary.actionItems.map((item) => item.segmentId)).toEqual(["s5"]);
  });

  test("unpunctuated engine output (pocketsphinx) is cut into sentences and repeated ideas are not listed twice", () => {
    const words =
      "and so my fellow americans ask not what your country can do for you ask what you can do for your country";
    const segments = [
      { id: "a", start: 0, end: 11, text: words, speaker: null },
      { id: "b", start: 12, end: 23, text: words, speaker: null },
    ];
    const summary = summariseExtractively(segments);
    expect(summary.keyPoints).toHaveLength(1);
    expect(summary.keyPoints[0]).toMatchObject({
      segmentId: "a",
      start: 0,
      text: expect.stringMatching(/^And so my fellow americans/),
    });
  });

  test("no words, no summary; the number of key points grows with the transcript within 3 to 8", () => {
    expect(summariseExtractively([{ id: "x", start: 0, end: 1, text: "…", speaker: null }])).toEqual({
      abstract: "",
      keyPoints: [],
      actionItems: [],
    });
    expect(keyPointCount(5)).toBe(3);
    expect(keyPointCount(40)).toBe(5);
    expect(keyPointCount(4000)).toBe(8);
  });

  test("a two-hour transcript (1,400 segments) gets the most key points, all distinct", () => {
    const topics = ["budget", "hiring", "launch", "pricing", "support", "roadmap", "security"];
    const segments = Array.from({ length: 1400 }, (_, index) => ({
      id: `s${index}`,
      start: index * 5,
      end: index * 5 + 4.5,
      text: `The ${topics[index % 7]} plan for quarter ${index % 4} needs work on item ${index % 50} and the ${topics[(index * 3) % 7]} team reviews it.`,
      speaker: null,
    }));
    const summary = summariseExtractively(segments);
    expect(summary.keyPoints.length).toBe(8);
    expect(new Set(summary.keyPoints.map((point) => point.text)).size).toBe(8);
  });
});
