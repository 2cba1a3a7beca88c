import { describe, expect, test } from "vitest";
import { truncate } from "./truncate";

const hasLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe("truncate", () => {
  test("leaves text within the limit alone", () => {
    expect(truncate("Weekly sync", 20)).toBe("Weekly sync");
    expect(truncate("x".repeat(20), 20)).toBe("x".repeat(20));
  });

  test("cuts with an ellipsis inside the limit, without trailing spaces", () => {
    expect(truncate("Quarterly planning meeting", 12)).toBe("Quarterly p…");
    expect(truncate("Quarterly planning", 11)).toBe("Quarterly…");
    expect(truncate("x".repeat(300), 200)).toHaveLength(200);
  });

  test("never splits a surrogate pair, an emoji sequence or a letter from its accent", () => {
    for (let max = 2; max < 40; max++) {
      const cut = truncate("🎙️ Interview 👩‍👩‍👧 with e\u0301mile 😀😀😀😀😀😀😀😀", max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(hasLoneSurrogate(cut)).toBe(false);
      expect(cut.normalize("NFC")).not.toMatch(/\u200D…$/);
    }
    expect(truncate("ab😀😀", 4)).toBe("ab…");
    expect(truncate("👩‍👩‍👧👩‍👩‍👧", 10)).toBe("👩‍👩‍👧…");
    expect(truncate("ae\u0301e\u0301", 3)).toBe("a…");
  });
});
