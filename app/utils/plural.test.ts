import { describe, expect, it } from "vitest";
import { countOf, pluralWord } from "./plural";

describe("countOf", () => {
  it("uses the singular for one and the plural for every other count", () => {
    expect(countOf(1, "minute")).toBe("1 minute");
    expect(countOf(0, "minute")).toBe("0 minutes");
    expect(countOf(2, "recording")).toBe("2 recordings");
    expect(countOf(1.5, "minute")).toBe("1.5 minutes");
  });

  it("takes an irregular plural and groups thousands", () => {
    expect(countOf(1, "recording matches", "recordings match")).toBe("1 recording matches");
    expect(countOf(3, "recording matches", "recordings match")).toBe("3 recordings match");
    expect(countOf(1200, "minute")).toBe("1,200 minutes");
  });
});

describe("pluralWord", () => {
  it("returns only the word", () => {
    expect(pluralWord(1, "browser")).toBe("browser");
    expect(pluralWord(4, "browser")).toBe("browsers");
  });
});
