// The one place a time in the recording becomes text for a reader: the editor's segments and pages, the segment and
// split pages, the share view, the summary's points and the reading exports' paragraph stamps (TXT, DOCX, PDF) all
// call formatTimestamp, so a time cited from the screen is the time printed in the document.
//
// The rule: truncate to the whole second, the court reporters' convention. A stamp then never points after the words
// it introduces (6.9 s is 0:06, where playback from 0:06 still hears the first word), and it does not depend on
// how a time happens to round. Subtitles (SRT, WebVTT) are not cited by people: they keep their milliseconds, as
// their formats require (services/export/cues.ts). JSON and the API give times as seconds (numbers), unformatted.

/** The whole seconds of a time (truncated); negative, NaN and infinite times are 0. */
export function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

const two = (value: number) => String(value).padStart(2, "0");

/**
 * A time in the recording for readers, truncated to the whole second. "short" (the pages): 6.9 → "0:06",
 * 3599.9 → "59:59", 3725 → "1:02:05". "clock" (the documents' stamps): 6.9 → "00:00:06", 3725 → "01:02:05".
 */
export function formatTimestamp(seconds: number, style: "short" | "clock" = "short"): string {
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = two(total % 60);
  if (style === "clock") return `${two(hours)}:${two(minutes)}:${rest}`;
  return hours ? `${hours}:${two(minutes)}:${rest}` : `${minutes}:${rest}`;
}
