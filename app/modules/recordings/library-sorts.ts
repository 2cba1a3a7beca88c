// The library's columns and the orders they sort in (isomorphic): the page's column headers link to them and
// list.server.ts turns each key into SQL. A sort is a plain query parameter, so it works without JavaScript.

export type SortDirection = "ascending" | "descending";

interface SortColumn {
  column: string;
  label: string;
  ascending: string;
  descending: string;
  /** The direction a first click sorts in: newest and longest first, names A to Z. */
  first: SortDirection;
}

export const SORT_COLUMNS = [
  { column: "title", label: "Title", ascending: "title", descending: "title-desc", first: "ascending" },
  { column: "length", label: "Length", ascending: "shortest", descending: "longest", first: "descending" },
  { column: "date", label: "Date", ascending: "oldest", descending: "newest", first: "descending" },
  { column: "status", label: "Status", ascending: "status", descending: "status-desc", first: "ascending" },
  {
    column: "speakers",
    label: "Speakers",
    ascending: "fewest-speakers",
    descending: "most-speakers",
    first: "descending",
  },
  { column: "folder", label: "Folder", ascending: "folder", descending: "folder-desc", first: "ascending" },
] as const satisfies readonly SortColumn[];

export type SortColumnName = (typeof SORT_COLUMNS)[number]["column"];
export type RecordingSort = (typeof SORT_COLUMNS)[number]["ascending" | "descending"];

export const RECORDING_SORT_KEYS = SORT_COLUMNS.flatMap((column) => [column.ascending, column.descending]) as [
  RecordingSort,
  ...RecordingSort[],
];
export const DEFAULT_SORT: RecordingSort = "newest";

/**
 * What a column header shows for the current sort: its aria-sort (only on the column the list is sorted by) and the
 * sort its link asks for (the other direction on that column, the column's first direction on any other).
 */
export function columnSort(column: SortColumnName, current: RecordingSort) {
  const entry = SORT_COLUMNS.find((candidate) => candidate.column === column)!;
  const direction: SortDirection | undefined =
    current === entry.ascending ? "ascending" : current === entry.descending ? "descending" : undefined;
  const next: RecordingSort = direction
    ? direction === "ascending"
      ? entry.descending
      : entry.ascending
    : entry[entry.first];
  return { direction, next, label: entry.label };
}
