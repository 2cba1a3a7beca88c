import { afterEach, describe, expect, test, vi } from "vitest";
import { prerequisiteMissing } from "./prerequisites";

describe("prerequisiteMissing", () => {
  afterEach(() => vi.restoreAllMocks());

  test("an available prerequisite runs the tests, in CI and out of it", () => {
    expect(prerequisiteMissing(true, "a program", {})).toBe(false);
    expect(prerequisiteMissing(true, "a program", { CI: "true" })).toBe(false);
  });

  test("a missing one skips with a warning on a developer's machine", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(prerequisiteMissing(false, "The test model /models/x.bin", {})).toBe(true);
    expect(warn).toHaveBeenCalledWith("Skipping: The test model /models/x.bin is missing.");
  });

  test("a missing one fails under CI instead of skipping", () => {
    expect(() => prerequisiteMissing(false, "`apertium`", { CI: "true" })).toThrow(
      "`apertium` is missing; CI runs every test, so install it on the runner (locally this test skips).",
    );
  });
});
