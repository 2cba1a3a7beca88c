import { describe, expect, test } from "vitest";
import { formatTimestamp, wholeSeconds } from "./timestamps";

describe("formatTimestamp: one rule (truncate to the whole second) for every time a reader may cite", () => {
  test("truncates, never rounds up: 6.6 s is 0:06, 59.5 s is 0:59, 3599.9 s is 59:59", () => {
    expect(formatTimestamp(6.6)).toBe("0:06");
    expect(formatTimestamp(59.5)).toBe("0:59");
    expect(formatTimestamp(3599.9)).toBe("59:59");
    expect(formatTimestamp(3600)).toBe("1:00:00");
    expect(formatTimestamp(3725.4)).toBe("1:02:05");
  });

  test("the documents' clock style says the same second", () => {
    expect(formatTimestamp(0, "clock")).toBe("00:00:00");
    expect(formatTimestamp(6.6, "clock")).toBe("00:00:06");
    expect(formatTimestamp(62.99, "clock")).toBe("00:01:02");
    expect(formatTimestamp(3599.9, "clock")).toBe("00:59:59");
    expect(formatTimestamp(3661.4, "clock")).toBe("01:01:01");
    expect(formatTimestamp(360_000, "clock")).toBe("100:00:00");
  });

  test("negative, NaN and infinite times show as zero", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(wholeSeconds(bad)).toBe(0);
      expect(formatTimestamp(bad)).toBe("0:00");
      expect(formatTimestamp(bad, "clock")).toBe("00:00:00");
    }
  });
});
