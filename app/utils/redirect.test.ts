import { expect, test } from "vitest";
import { safeRedirectPath } from "./redirect";

test.each([
  ["/dashboard", "/dashboard"],
  ["/transcription/abc?tab=summary", "/transcription/abc?tab=summary"],
  ["https://evil.example/", "/"],
  ["//evil.example/", "/"],
  ["/\\evil.example", "/"],
  ["dashboard", "/"],
  [null, "/"],
  ["", "/"],
])("safeRedirectPath(%j) is %j", (input, expected) => {
  expect(safeRedirectPath(input)).toBe(expected);
});
