import { describe, expect, test } from "vitest";
import { bearerMatches } from "./metrics.server";

describe("bearerMatches", () => {
  const token = "a".repeat(24) + "metrics-token";
  test("accepts exactly the token as a bearer token", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });
  test("refuses anything else, whatever its length", () => {
    for (const header of [undefined, "", token, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`])
      expect(bearerMatches(header, token)).toBe(false);
  });
});
