import { describe, expect, test } from "vitest";
import { formatDate, isoDateTime } from "./dates";

// 00:30 UTC on 1 January is still 31 December in New York: local formatting would show another day and year.
const NEW_YEAR = new Date(Date.UTC(2026, 0, 1, 0, 30, 45));
const SUMMER = Date.UTC(2026, 6, 6, 23, 5);

describe("formatDate", () => {
  test("fixed English text in UTC for a fixed instant", () => {
    expect(formatDate(NEW_YEAR)).toBe("1 January 2026");
    expect(formatDate(NEW_YEAR, "shortDate")).toBe("1 Jan 2026");
    expect(formatDate(NEW_YEAR, "dateTime")).toBe("1 Jan 2026, 00:30 UTC");
    expect(formatDate(NEW_YEAR, "longDateTime")).toBe("1 January 2026 at 00:30 UTC");
    expect(formatDate(NEW_YEAR, "time")).toBe("00:30 UTC");
    expect(formatDate(NEW_YEAR, "year")).toBe("2026");
    expect(formatDate(NEW_YEAR, "dayMonth")).toBe("1 January");
    expect(formatDate(SUMMER, "dateTime")).toBe("6 Jul 2026, 23:05 UTC");
  });

  test("takes a Date, epoch milliseconds or an ISO string alike", () => {
    expect(formatDate(NEW_YEAR.getTime(), "dateTime")).toBe("1 Jan 2026, 00:30 UTC");
    expect(formatDate(NEW_YEAR.toISOString(), "dateTime")).toBe("1 Jan 2026, 00:30 UTC");
  });

  test("a calendar day (YYYY-MM-DD) is that day, not the day before west of Greenwich", () => {
    expect(formatDate("2026-07-06")).toBe("6 July 2026");
    expect(formatDate("2026-01-01", "shortDate")).toBe("1 Jan 2026");
  });

  test.each(["America/New_York", "Asia/Tokyo", "UTC"])("the same text with the process in %s", (zone) => {
    // Node re-reads TZ when it changes; run the file with TZ=America/New_York as well to cover start-up too.
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      if (zone === "America/New_York") expect(NEW_YEAR.getDate()).toBe(31); // local time really is the day before
      expect(formatDate(NEW_YEAR)).toBe("1 January 2026");
      expect(formatDate(NEW_YEAR, "dateTime")).toBe("1 Jan 2026, 00:30 UTC");
      expect(formatDate("2026-07-06")).toBe("6 July 2026");
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

test("isoDateTime is the machine-readable instant", () => {
  expect(isoDateTime(NEW_YEAR)).toBe("2026-01-01T00:30:45.000Z");
  expect(isoDateTime("2026-07-06")).toBe("2026-07-06T00:00:00.000Z");
});
