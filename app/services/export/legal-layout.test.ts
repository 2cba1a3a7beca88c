import { describe, expect, it } from "vitest";
import {
  CHARS_PER_LINE,
  cite,
  columns,
  indexWords,
  legalLayout,
  LINES_PER_PAGE,
  speakerLabel,
  wrapText,
  zonedInstant,
} from "./legal-layout";
import { EMPTY_LEGAL_CAPTION, type LegalCertificateFacts, type LegalOptions } from "./legal-types";
import { longTranscript, meetingTranscript } from "./test-fixtures";

const OPTIONS: LegalOptions = {
  timeZone: "UTC",
  timeZoneChosen: false,
  questionsAndAnswers: false,
  wordIndex: false,
  exportedAt: new Date("2026-11-27T12:00:00Z"),
};
const FACTS: LegalCertificateFacts = {
  fileName: "team-meeting.mp3",
  mediaSha256: "a".repeat(64),
  mediaNote: null,
  durationSeconds: 3725,
  engine: "whisper.cpp",
  model: "large-v3",
  version: null,
};

describe("wrapText", () => {
  it("breaks by whole words at the width, with the first line's label and the others' indent", () => {
    const lines = wrapText("one two three four five six", { width: 12, first: "LABEL:  ", rest: "" });
    expect(lines).toEqual(["LABEL:  one", "two three", "four five", "six"]);
    expect(lines.every((line) => line.length <= 12)).toBe(true);
  });

  it("cuts a word longer than a line, and counts characters, not bytes", () => {
    expect(wrapText("x".repeat(25), { width: 10 })).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
    expect(wrapText("éééé éééé", { width: 9 })).toEqual(["éééé éééé"]);
  });

  it("keeps every line of a long text within the width, and is the same every time", () => {
    const text = longTranscript(40)
      .segments.map((segment) => segment.text)
      .join(" ");
    const lines = wrapText(text, { first: "          MR. SMITH:  " });
    expect(lines.every((line) => Array.from(line).length <= CHARS_PER_LINE)).toBe(true);
    expect(lines.join(" ").replace(/\s+/g, " ").trim()).toBe(`MR. SMITH: ${text}`);
    expect(wrapText(text, { first: "          MR. SMITH:  " })).toEqual(lines);
  });

  it("gives wide (CJK) characters two columns each and breaks wide text between any two of them", () => {
    expect(columns("合同A1")).toBe(6);
    expect(columns("계약서")).toBe(6);
    expect(columns("けいやく、")).toBe(10);
    // 12 Han characters are 24 columns: five a line at a width of 10.
    expect(wrapText("我们今天讨论了合同的条款", { width: 10 })).toEqual(["我们今天讨", "论了合同的", "条款"]);
    // A Latin word inside wide text stays whole; the wide text fills the line around it.
    expect(wrapText("合同Voxlate条款", { width: 10 })).toEqual(["合同", "Voxlate条", "款"]);
    // After a label, the wide text fills the rest of the first line, then the indent of the others.
    const lines = wrapText("被告代理人向法庭提交了新的证据材料", { width: 20, first: "A.  ", rest: "  " });
    expect(lines).toEqual(["A.  被告代理人向法庭", "  提交了新的证据材料"]);
    expect(lines.every((line) => columns(line) <= 20)).toBe(true);
    expect(lines.join("").replace(/^A\.|\s/g, "")).toBe("被告代理人向法庭提交了新的证据材料");
    // Closing punctuation never starts a line: it goes down with the character before it.
    expect(wrapText("我在公司加班到十点。", { width: 18 })).toEqual(["我在公司加班到十", "点。"]);
    expect(wrapText("我在公司加班到十点。", { width: 20 })).toEqual(["我在公司加班到十点。"]);
  });
});

describe("speakerLabel", () => {
  it("writes names in capitals with the honorific's period", () => {
    expect(speakerLabel("Mr Smith")).toBe("MR. SMITH");
    expect(speakerLabel("ms. jones")).toBe("MS. JONES");
    expect(speakerLabel("Jane Doe")).toBe("JANE DOE");
    expect(speakerLabel("Mrsomething")).toBe("MRSOMETHING");
    expect(speakerLabel(null)).toBe("UNIDENTIFIED SPEAKER");
  });
});

describe("zonedInstant", () => {
  it("reads a local date and time in a zone, daylight saving included", () => {
    expect(zonedInstant("2026-07-01", "09:30", "Europe/Berlin")?.toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(zonedInstant("2026-01-15", "09:30", "America/New_York")?.toISOString()).toBe("2026-01-15T14:30:00.000Z");
    expect(zonedInstant("", "09:30", "UTC")).toBeNull();
  });
});

describe("legalLayout", () => {
  it("makes pages of exactly 25 lines, numbered in order, each part on its own page", () => {
    const layout = legalLayout(longTranscript(120), EMPTY_LEGAL_CAPTION, FACTS, OPTIONS);
    expect(layout.pages.map((page) => page.number)).toEqual(layout.pages.map((_, index) => index + 1));
    expect(layout.pages.every((page) => page.lines.length === LINES_PER_PAGE)).toBe(true);
    expect(
      layout.pages.every((page) => page.lines.every((line) => Array.from(line.text).length <= CHARS_PER_LINE)),
    ).toBe(true);
    const sections = layout.pages.map((page) => page.section);
    expect(sections[0]).toBe("caption");
    expect(sections.at(-1)).toBe("certificate");
    expect(sections.filter((section) => section === "transcript").length).toBeGreaterThan(10);
  });

  it("indexes each speaker at the line their label first appears on", () => {
    const layout = legalLayout(meetingTranscript(), EMPTY_LEGAL_CAPTION, FACTS, OPTIONS);
    expect(layout.speakerIndex.map((entry) => entry.label)).toEqual(["ALICE", "BORIS"]);
    for (const entry of layout.speakerIndex) {
      const line = layout.pages[entry.at.page - 1].lines[entry.at.line - 1];
      expect(line.text.trimStart().startsWith(`${entry.label}:`)).toBe(true);
      expect(line.bold).toBeGreaterThan(0);
    }
    const index = layout.pages.find((page) => page.section === "index")!;
    expect(
      index.lines.some(
        (line) => line.text.startsWith("ALICE .") && line.text.endsWith(cite(layout.speakerIndex[0].at)),
      ),
    ).toBe(true);
  });

  it("lays an examination out as Q. and A. and names the others in colloquy", () => {
    const doc = meetingTranscript();
    const caption = {
      ...EMPTY_LEGAL_CAPTION,
      examination: { title: "Direct examination of Boris", examiner: "Alice", witness: "Boris" },
    };
    const layout = legalLayout(doc, caption, FACTS, { ...OPTIONS, questionsAndAnswers: true });
    const texts = layout.pages
      .filter((page) => page.section === "transcript")
      .flatMap((page) => page.lines.map((line) => line.text));
    expect(texts.map((text) => text.trim())).toContain("DIRECT EXAMINATION OF BORIS");
    expect(texts.some((text) => text.startsWith("     Q.   Bonjour à tous"))).toBe(true);
    expect(texts.some((text) => text.startsWith("     A.   Привет мир"))).toBe(true);
  });

  it("gives clock times in the chosen zone when the caption says when the recording began", () => {
    const caption = { ...EMPTY_LEGAL_CAPTION, date: "2026-07-01", startTime: "09:30", timeZone: "Europe/Berlin" };
    const inNewYork = legalLayout(meetingTranscript(), caption, FACTS, {
      ...OPTIONS,
      timeZone: "America/New_York",
      timeZoneChosen: true,
    });
    const texts = inNewYork.pages.flatMap((page) => page.lines.map((line) => line.text.trim()));
    expect(texts).toContain("(3:30:00 AM EDT)");
    // 3661.4 s after the start.
    expect(texts).toContain("(4:31:01 AM EDT)");
    const offsets = legalLayout(meetingTranscript(), EMPTY_LEGAL_CAPTION, FACTS, OPTIONS);
    expect(offsets.pages.flatMap((page) => page.lines.map((line) => line.text.trim()))).toContain(
      "(0:00:00 into the recording)",
    );
    expect(offsets.pages[0].lines.map((line) => line.text)).toContain(
      "Times: in UTC (the default; no zone was chosen)",
    );
  });

  it("builds a word index whose every reference is a line holding the word", () => {
    const layout = legalLayout(longTranscript(60), EMPTY_LEGAL_CAPTION, FACTS, { ...OPTIONS, wordIndex: true });
    expect(layout.wordIndex.map((entry) => entry.word)).toContain("budget");
    expect(layout.wordIndex.map((entry) => entry.word)).not.toContain("the");
    for (const entry of layout.wordIndex)
      for (const at of entry.at)
        expect(indexWords(layout.pages[at.page - 1].lines[at.line - 1].text)).toContain(entry.word);
  });

  it("says plainly on the certificate that an unsigned transcript is an unreviewed machine transcript", () => {
    const layout = legalLayout(meetingTranscript(), EMPTY_LEGAL_CAPTION, FACTS, OPTIONS);
    const certificate = layout.pages
      .at(-1)!
      .lines.map((line) => line.text)
      .join("\n");
    expect(certificate).toContain("a".repeat(32));
    expect(certificate.replace(/\s+/g, " ")).toContain("Not signed off: this is an unreviewed machine transcript.");
    const signed = legalLayout(
      meetingTranscript(),
      EMPTY_LEGAL_CAPTION,
      {
        ...FACTS,
        version: {
          number: 3,
          contentHash: "b".repeat(64),
          signedOffAt: new Date("2026-11-20T10:00:00Z"),
          signedOffBy: { id: "u", name: "Rita Reviewer" },
        },
      },
      OPTIONS,
    );
    const text = signed.pages
      .at(-1)!
      .lines.map((line) => line.text)
      .join("\n");
    expect(text).toContain("Reviewer: Rita Reviewer");
    expect(text).toContain("Signed off: November 20, 2026 at 10:00:00 AM UTC");
    expect(text).not.toContain("Not signed off");
  });
});
