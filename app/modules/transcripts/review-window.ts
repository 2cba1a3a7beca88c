// The review panel's list of flags, a window at a time (issue 34, item 1; ADR 045): a long transcript can have
// thousands of flags (the bench's 2-hour transcript with its random word confidences has about half its words
// flagged), and sending and rendering every one made the page megabytes and its hydration seconds. The page sends the
// counts, the current flag and one window of the list; `?flags=N` picks a window, so paging works without JavaScript,
// as the editor's `?page=N` does.

/** Enough to scan around the current flag; the rest are a link away. */
export const FLAG_WINDOW_SIZE = 50;

export interface FlagWindow<T> {
  /** 1-based window number, of `windowCount`. */
  window: number;
  windowCount: number;
  /** 1-based numbers of the window's first and last flags (0 and 0 when there are none). */
  first: number;
  last: number;
  flags: T[];
}

/**
 * The window asked for by `?flags=` (a whole number, clamped to the windows there are), else the one holding the
 * current flag, else the first.
 */
export function flagWindow<T>(
  flags: readonly T[],
  currentNumber: number | null,
  asked: string | null,
  size = FLAG_WINDOW_SIZE,
): FlagWindow<T> {
  const windowCount = Math.max(1, Math.ceil(flags.length / size));
  const byNumber = /^\d{1,6}$/.test(asked ?? "") ? Number(asked) : null;
  const byCurrent = currentNumber ? Math.ceil(currentNumber / size) : 1;
  const window = Math.min(windowCount, Math.max(1, byNumber ?? byCurrent));
  const from = (window - 1) * size;
  const shown = flags.slice(from, from + size);
  return { window, windowCount, first: shown.length ? from + 1 : 0, last: from + shown.length, flags: shown };
}
