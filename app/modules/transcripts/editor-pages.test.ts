import { describe, expect, it } from "vitest";
import { editorPage } from "./editor-pages";
import { segmentHref } from "~/utils/transcript-links";

const segments = Array.from({ length: 25 }, (_, index) => ({ id: `s${index}`, start: index * 5, end: index * 5 + 4 }));

describe("editorPage", () => {
  it("cuts the transcript into pages and describes each one", () => {
    const { segments: shown, info } = editorPage(segments, { page: "2" }, 10);
    expect(shown.map((segment) => segment.id)).toEqual(segments.slice(10, 20).map((segment) => segment.id));
    expect(info).toMatchObject({ page: 2, pageCount: 3, total: 25, nextStart: 100 });
    expect(info.ranges).toEqual([
      { page: 1, first: 1, last: 10, start: 0, end: 49 },
      { page: 2, first: 11, last: 20, start: 50, end: 99 },
      { page: 3, first: 21, last: 25, start: 100, end: 124 },
    ]);
  });

  it("finds the page that holds a segment, and the last page has no next start", () => {
    const { segments: shown, info } = editorPage(segments, { segment: "s23", page: "1" }, 10);
    expect(info.page).toBe(3);
    expect(shown.map((segment) => segment.id)).toEqual(["s20", "s21", "s22", "s23", "s24"]);
    expect(info.nextStart).toBeNull();
    expect(info).not.toHaveProperty("nextSpeaker");
  });

  it("names the next page's first speaker, for a merge across the edge (null: unlabelled)", () => {
    const spoken = segments.map((segment, index) => ({ ...segment, speaker: index === 10 ? "Witness" : null }));
    expect(editorPage(spoken, { page: "1" }, 10).info.nextSpeaker).toBe("Witness");
    expect(editorPage(spoken, { page: "2" }, 10).info.nextSpeaker).toBeNull();
  });

  it("a page number out of range or not a number is the nearest page", () => {
    expect(editorPage(segments, { page: "99" }, 10).info.page).toBe(3);
    expect(editorPage(segments, { page: "0" }, 10).info.page).toBe(1);
    expect(editorPage(segments, { page: "2; DROP" }, 10).info.page).toBe(1);
    expect(editorPage(segments, { segment: "unknown" }, 10).info.page).toBe(1);
  });

  it("an empty transcript is one empty page", () => {
    expect(editorPage([], {}, 10)).toEqual({
      segments: [],
      info: {
        page: 1,
        pageCount: 1,
        total: 0,
        ranges: [{ page: 1, first: 1, last: 0, start: 0, end: 0 }],
        nextStart: null,
      },
    });
  });

  it("links to a segment on its page, or to one of its notes", () => {
    expect(segmentHref("r1", "s1")).toBe("/transcription/r1?segment=s1#segment-s1");
    expect(segmentHref("r1", "s1", "comment-c1")).toBe("/transcription/r1?segment=s1#comment-c1");
  });
});
