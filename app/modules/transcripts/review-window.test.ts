import { describe, expect, test } from "vitest";
import { flagWindow } from "./review-window";

const flags = Array.from({ length: 120 }, (_, index) => index + 1);

describe("flagWindow", () => {
  test("holds the current flag when no window is asked for", () => {
    expect(flagWindow(flags, 75, null, 50)).toMatchObject({ window: 2, windowCount: 3, first: 51, last: 100 });
    expect(flagWindow(flags, 75, null, 50).flags).toEqual(flags.slice(50, 100));
    expect(flagWindow(flags, null, null, 50)).toMatchObject({ window: 1, first: 1, last: 50 });
  });

  test("?flags= picks a window, clamped to the ones there are; anything else is ignored", () => {
    expect(flagWindow(flags, 1, "3", 50)).toMatchObject({ window: 3, first: 101, last: 120 });
    expect(flagWindow(flags, 1, "3", 50).flags).toHaveLength(20);
    expect(flagWindow(flags, 1, "99", 50)).toMatchObject({ window: 3 });
    expect(flagWindow(flags, 1, "0", 50)).toMatchObject({ window: 1 });
    expect(flagWindow(flags, 75, "two", 50)).toMatchObject({ window: 2 });
    expect(flagWindow(flags, 75, "-1", 50)).toMatchObject({ window: 2 });
  });

  test("no flags: one empty window", () => {
    expect(flagWindow([], null, "2", 50)).toEqual({ window: 1, windowCount: 1, first: 0, last: 0, flags: [] });
  });
});
