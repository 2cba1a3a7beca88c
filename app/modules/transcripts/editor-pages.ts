// The editor shows a long transcript a page of segments at a time: a 2-hour recording has about 1,400 segments and
// 39,000 words, and a browser on 2 cores does not make all of them editable in any reasonable time (docs/performance.md).
// A page is a run of segments in order; `?page=N` picks one, and `?segment=ID` the page that holds a segment, so a
// link to any segment works with or without JavaScript.

/** About 8–10 minutes of speech: the page is editable in about a second, and playback rarely crosses a page. */
export const EDITOR_PAGE_SIZE = 50;

export interface EditorPageRange {
  page: number;
  /** 1-based numbers of the page's first and last segments, and the times they start and end. */
  first: number;
  last: number;
  start: number;
  end: number;
}

export interface EditorPageInfo {
  page: number;
  pageCount: number;
  total: number;
  ranges: EditorPageRange[];
  /** Where the next page's first segment starts (seconds): playback that reaches it goes on on that page. */
  nextStart: number | null;
  /**
   * The speaker of the next page's first segment (null: unlabelled; absent on the last page): a merge of this page's
   * last segment with it must ask whose the merged segment is when they differ.
   */
  nextSpeaker?: string | null;
}

/** The page asked for by `?page=` (a whole number, clamped to the pages there are) or by `?segment=`. */
export function editorPage<T extends { id: string; start: number; end: number; speaker?: string | null }>(
  segments: T[],
  asked: { page?: string | null; segment?: string | null },
  size = EDITOR_PAGE_SIZE,
): { segments: T[]; info: EditorPageInfo } {
  const pageCount = Math.max(1, Math.ceil(segments.length / size));
  const bySegment = asked.segment ? segments.findIndex((segment) => segment.id === asked.segment) : -1;
  const byNumber = /^\d{1,6}$/.test(asked.page ?? "") ? Number(asked.page) : 1;
  const page = bySegment >= 0 ? Math.floor(bySegment / size) + 1 : Math.min(pageCount, Math.max(1, byNumber));
  const ranges = Array.from({ length: pageCount }, (_, index): EditorPageRange => {
    const first = index * size;
    const last = Math.min(segments.length, first + size) - 1;
    return {
      page: index + 1,
      first: first + 1,
      last: last + 1,
      start: segments[first]?.start ?? 0,
      end: segments[last]?.end ?? 0,
    };
  });
  return {
    segments: segments.slice((page - 1) * size, page * size),
    info: {
      page,
      pageCount,
      total: segments.length,
      ranges,
      nextStart: page < pageCount ? segments[page * size].start : null,
      ...(page < pageCount ? { nextSpeaker: segments[page * size].speaker ?? null } : {}),
    },
  };
}
