/**
 * Every date and time the app shows goes through these formatters. The locale and the time zone are fixed, so the
 * server and the browser render the same text (no hydration mismatch) whatever the machine's or visitor's settings;
 * times say "UTC" so nobody mistakes them for local time.
 */
const LOCALE = "en-GB";
const TIME_ZONE = "UTC";

type DateInput = Date | string | number;

const day = { day: "numeric", month: "long", year: "numeric" } as const;
const shortDay = { day: "numeric", month: "short", year: "numeric" } as const;
const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" } as const;
const formatter = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: TIME_ZONE });

const formatters = {
  /** "6 July 2026" */
  date: formatter(day),
  /** "6 Jul 2026" */
  shortDate: formatter(shortDay),
  /** "6 July": a day within the next few weeks, where the year goes without saying */
  dayMonth: formatter({ day: "numeric", month: "long" }),
  /** "6 Jul 2026, 14:05 UTC" */
  dateTime: formatter({ ...shortDay, ...clock }),
  /** "6 July 2026 at 14:05 UTC" */
  longDateTime: formatter({ ...day, ...clock }),
  /** "14:05 UTC" */
  time: formatter(clock),
  /** "2026" */
  year: formatter({ year: "numeric" }),
} as const;

export type DateStyle = keyof typeof formatters;

/** A date-only string ("2026-07-06") is a calendar day: read it as midnight UTC, not local midnight. */
function toDate(value: DateInput): Date {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return value instanceof Date ? value : new Date(value);
}

/**
 * Formats an instant for display in the fixed locale and time zone: `formatDate(createdAt)` → "6 July 2026",
 * `formatDate(createdAt, "dateTime")` → "6 Jul 2026, 14:05 UTC".
 */
export function formatDate(value: DateInput, style: DateStyle = "date"): string {
  return formatters[style].format(toDate(value));
}

/** The ISO 8601 form for `<time dateTime>` and other machine-readable places. */
export function isoDateTime(value: DateInput): string {
  return toDate(value).toISOString();
}
