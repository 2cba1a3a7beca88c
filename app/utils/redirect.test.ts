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
  // Browsers drop tabs and newlines from a Location header, which would turn these into "//evil.example".
  ["/\t/evil.example", "/"],
  ["/\n/evil.example", "/"],
  ["/\r\n/evil.example", "/"],
  ["/ /evil.example", "/"],
  ["/\u0000", "/"],
  ["/%09/evil.example", "/%09/evil.example"],
  ["/blog?q=a b", "/"],
  ["/blog#support-chat", "/blog#support-chat"],
])("safeRedirectPath(%j) is %j", (input, expected) => {
  expect(safeRedirectPath(input)).toBe(expected);
});
