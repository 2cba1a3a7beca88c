import { describe, expect, it } from "vitest";
import type { SegmentState } from "./editor-text";
import { diffTokens, revisionDiff, storedRevisionDiff } from "./revision-diff";

const seg = (id: string, text: string, speaker: string | null = "Attorney", start = 0): SegmentState => ({
  id,
  start,
  end: start + 1,
  text,
  speaker,
  confidence: null,
  words: [],
  edited: false,
});

const words = (text: string) => text.split(" ").map((word) => ({ key: word, text: word }));
const shown = (parts: { op: string; text: string }[]) =>
  parts.map((part) => (part.op === "add" ? `+[${part.text}]` : part.op === "remove" ? `-[${part.text}]` : part.text));

describe("diffTokens: a longest-common-subsequence word diff", () => {
  it("keeps what is common and marks what was removed and added, in reading order", () => {
    expect(
      shown(diffTokens(words("ask not what your country can do"), words("ask not what your nation can do"))),
    ).toEqual(["ask not what your", "-[country]", "+[nation]", "can do"]);
  });

  it("finds the longest common words across moves, not just a shared start and end", () => {
    expect(shown(diffTokens(words("a b c d e"), words("x a c d y e")))).toEqual([
      "+[x]",
      "a",
      "-[b]",
      "c d",
      "+[y]",
      "e",
    ]);
  });

  it("an empty side is all added or all removed; equal sides are one unchanged part", () => {
    expect(shown(diffTokens([], words("new words")))).toEqual(["+[new words]"]);
    expect(shown(diffTokens(words("old words"), []))).toEqual(["-[old words]"]);
    expect(shown(diffTokens(words("same"), words("same")))).toEqual(["same"]);
  });
});

describe("revisionDiff", () => {
  it("a merge of two speakers shows the second speaker's mark removed", () => {
    const diff = revisionDiff([
      {
        at: 0,
        before: [seg("a", "I object"), seg("b", "Overruled", "Speaker 2", 3)],
        after: [{ ...seg("a", "I object Overruled"), end: 4 }],
      },
    ]);
    expect(diff.more).toBe(0);
    expect(diff.runs[0].at).toBe(0);
    expect(diff.runs[0].parts).toEqual([
      { op: "same", text: "Attorney:", speaker: true },
      { op: "same", text: "I object" },
      { op: "remove", text: "Speaker 2:", speaker: true },
      { op: "same", text: "Overruled" },
    ]);
  });

  it("a speaker change swaps the marks; a split adds one", () => {
    const relabel = revisionDiff([{ at: 0, before: [seg("a", "yes")], after: [seg("a", "yes", "Witness")] }]);
    expect(shown(relabel.runs[0].parts)).toEqual(["-[Attorney:]", "+[Witness:]", "yes"]);
    const split = revisionDiff([
      { at: 0, before: [seg("a", "one two")], after: [seg("a", "one"), seg("b", "two", "Attorney", 1)] },
    ]);
    expect(shown(split.runs[0].parts)).toEqual(["Attorney:", "one", "+[Attorney:]", "two"]);
  });

  it("long unchanged stretches are cut to a few words of context, and only the first runs are kept", () => {
    const long = "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12";
    const diff = revisionDiff(
      Array.from({ length: 5 }, (_, index) => ({
        at: index,
        before: [seg(`s${index}`, `${long} old ${long}`, null, index * 10)],
        after: [seg(`s${index}`, `${long} new ${long}`, null, index * 10)],
      })),
    );
    expect(diff.runs).toHaveLength(3);
    expect(diff.more).toBe(2);
    expect(diff.runs[1].at).toBe(10);
    expect(shown(diff.runs[0].parts)).toEqual([
      "(no speaker):",
      "…",
      "w9 w10 w11 w12",
      "-[old]",
      "+[new]",
      "w1 w2 w3 w4",
      "…",
    ]);
  });

  it("reads back a stored diff, and nothing from an older revision", () => {
    const diff = revisionDiff([{ at: 0, before: [seg("a", "a")], after: [seg("a", "b")] }]);
    expect(storedRevisionDiff(JSON.parse(JSON.stringify(diff)))).toEqual(diff);
    expect(storedRevisionDiff(null)).toBeNull();
    expect(storedRevisionDiff({ runs: "no" })).toBeNull();
  });
});

describe("revisionDiff on large saves", () => {
  it("a replace-all over a whole transcript compares each segment with itself and keeps the first changes", () => {
    const before = Array.from({ length: 1400 }, (_, index) =>
      seg(`s${index}`, `segment ${index} says country and more words here`, "Speaker 1", index * 5),
    );
    const after = before.map((segment) => ({ ...segment, text: segment.text.replace("country", "nation") }));
    const diff = revisionDiff([{ at: 0, before, after }]);
    const parts = diff.runs[0].parts;
    expect(parts.length).toBeLessThanOrEqual(81);
    expect(shown(parts.slice(0, 6))).toEqual([
      "Speaker 1:",
      "segment 0 says",
      "-[country]",
      "+[nation]",
      "and more words here",
      "…",
    ]);
    expect(JSON.stringify(diff).length).toBeLessThan(5000);
  });

  it("a run too long to compare whole shows its start, and a pasted page is cut", () => {
    const long = Array.from({ length: 3000 }, (_, index) => `w${index}`).join(" ");
    const diff = revisionDiff([{ at: 0, before: [seg("a", "short")], after: [seg("a", "short"), seg("b", long)] }]);
    const parts = diff.runs[0].parts;
    expect(parts.at(-1)).toEqual({ op: "same", text: "…", gap: true });
    const added = parts.find((part) => part.op === "add" && !part.speaker)!;
    expect(added.text.startsWith("w0 w1 w2")).toBe(true);
    expect(added.text.length).toBeLessThan(420);
    expect(added.text.endsWith(" …")).toBe(true);
  });
});
