import type { ErrorEvent } from "@sentry/core";
import { describe, expect, test } from "vitest";
import { scrubErrorEvent } from "./error-report-scrub";

describe("scrubErrorEvent", () => {
  const event = (): ErrorEvent => ({
    type: undefined,
    user: { id: "user-1", email: "ada@example.com", ip_address: "10.0.0.1", username: "ada" },
    request: {
      url: "https://voxlate.example/reset-password?token=secret-token",
      method: "POST",
      cookies: { session: "abc" },
      headers: { authorization: "Bearer key" },
      data: "the transcript the user sent",
    },
    server_name: "host-1",
    exception: {
      values: [{ type: "Error", value: `Failed for ada@example.com: ${"word ".repeat(100)}TAIL-OF-TRANSCRIPT` }],
    },
    extra: { text: "a transcript segment", nested: { summary: "the meeting's summary", count: 3 } },
  });

  test("keeps the user's id and the error, and nothing that names or quotes them", () => {
    const scrubbed = scrubErrorEvent(event());
    expect(scrubbed.user).toEqual({ id: "user-1" });
    expect(scrubbed.request).toEqual({ url: "https://voxlate.example/reset-password", method: "POST" });
    expect(scrubbed.server_name).toBeUndefined();
    const text = JSON.stringify(scrubbed);
    for (const gone of ["ada@example.com", "10.0.0.1", "secret-token", "Bearer key", "abc", "TAIL-OF-TRANSCRIPT"])
      expect(text).not.toContain(gone);
    expect(scrubbed.exception!.values![0].value).toMatch(/^Failed for \[email\]: word/);
    expect(scrubbed.extra).toEqual({ text: "[removed]", nested: { summary: "[removed]", count: 3 } });
  });

  test("an event without a user or request stays without", () => {
    const scrubbed = scrubErrorEvent({ type: undefined, message: "plain" });
    expect(scrubbed.user).toBeUndefined();
    expect(scrubbed.request).toBeUndefined();
    expect(scrubbed.message).toBe("plain");
  });
});
