import { describe, expect, it } from "vitest";
import { retentionChangeDetail, retentionLabel, retentionPeriod } from "./retention";

describe("retention wording", () => {
  it("counts days in the singular for one and the plural otherwise", () => {
    expect(retentionPeriod(1)).toBe("1 day");
    expect(retentionPeriod(7)).toBe("7 days");
    expect(retentionPeriod(null)).toBe("never");
  });

  it("labels the form's choices", () => {
    expect(retentionLabel(1)).toBe("After 1 day");
    expect(retentionLabel(7)).toBe("After 7 days");
    expect(retentionLabel(null)).toBe("Never");
  });

  it("writes the access log's note of a change without '1 days'", () => {
    expect(retentionChangeDetail({ audioDays: 1, recordingDays: 7 })).toBe("audio: 1 day; recordings: 7 days");
    expect(retentionChangeDetail({ audioDays: null, recordingDays: 365 })).toBe("audio: never; recordings: 365 days");
  });
});
