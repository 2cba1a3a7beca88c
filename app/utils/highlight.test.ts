import { expect, test } from "vitest";
import { highlightParts, MATCH_END, MATCH_START } from "./highlight";

const marked = (text: string) => text.replaceAll("[", MATCH_START).replaceAll("]", MATCH_END);

test("splits a marked passage into text and match parts, in order", () => {
  expect(highlightParts(marked("ask not what your [country] can do for [you]"))).toEqual([
    { text: "ask not what your ", match: false },
    { text: "country", match: true },
    { text: " can do for ", match: false },
    { text: "you", match: true },
  ]);
});

test("a passage without markers is one plain part; empty pieces are dropped", () => {
  expect(highlightParts("no match here")).toEqual([{ text: "no match here", match: false }]);
  expect(highlightParts(marked("[a][b]"))).toEqual([
    { text: "a", match: true },
    { text: "b", match: true },
  ]);
  expect(highlightParts("")).toEqual([]);
});

test("markup and HTML-like brackets stay as text, not structure", () => {
  expect(highlightParts(marked("1<2 and <b onclick=alert(1)>[bold]</b> [[[x]]]"))).toEqual([
    { text: "1<2 and <b onclick=alert(1)>", match: false },
    { text: "bold", match: true },
    { text: "</b> ", match: false },
    { text: "x", match: true },
  ]);
});
