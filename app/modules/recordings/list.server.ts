// The recordings of the reader's current workspace, minus ethical walls (ADR 034-workspace), as the dashboard and the
// library list them: sorted, paged, filtered by folder and tag, and searched with PostgreSQL full-text search.
import { can } from "~/modules/workspaces/policy";
import { z } from "zod";
import { Prisma, type RecordingStatus } from "~/generated/prisma/client";
import { db, readSql } from "~/modules/platform/database.server";
import { highlightParts, MATCH_END, MATCH_START, type TextPart } from "~/utils/highlight";
import {
  accessScope,
  type AccessScope,
  type Reader,
  recordingsSql,
  recordingsWhere,
} from "~/modules/workspaces/access.server";
import { DEFAULT_SORT, RECORDING_SORT_KEYS, type RecordingSort } from "./library-sorts";

// Ties (same length, same status…) fall back to newest first, and then the id, so pages never repeat or skip a row.
const THEN = Prisma.sql`r."createdAt" DESC, r."id"`;
const SPEAKERS = Prisma.sql`(SELECT count(DISTINCT s."speaker") FROM "TranscriptSegment" s WHERE s."recordingId" = r."id")`;
const FOLDER_NAME = Prisma.sql`(SELECT lower(f."name") FROM "Folder" f WHERE f."id" = r."folderId")`;
// The order a recording goes through: waiting, working, done, then the two ways it can stop.
const STATUS_ORDER = Prisma.sql`CASE r."status" WHEN 'QUEUED' THEN 0 WHEN 'PROCESSING' THEN 1 WHEN 'COMPLETED' THEN 2
  WHEN 'FAILED' THEN 3 ELSE 4 END`;

/** Each column's two orders (library-sorts.ts); recordings in no folder come last either way. */
export const RECORDING_SORTS: Record<RecordingSort, { orderBy: Prisma.Sql }> = {
  newest: { orderBy: Prisma.sql`r."createdAt" DESC, r."id"` },
  oldest: { orderBy: Prisma.sql`r."createdAt" ASC, r."id"` },
  title: { orderBy: Prisma.sql`lower(r."title") ASC, ${THEN}` },
  "title-desc": { orderBy: Prisma.sql`lower(r."title") DESC, ${THEN}` },
  longest: { orderBy: Prisma.sql`r."durationSeconds" DESC, ${THEN}` },
  shortest: { orderBy: Prisma.sql`r."durationSeconds" ASC, ${THEN}` },
  status: { orderBy: Prisma.sql`${STATUS_ORDER} ASC, ${THEN}` },
  "status-desc": { orderBy: Prisma.sql`${STATUS_ORDER} DESC, ${THEN}` },
  "most-speakers": { orderBy: Prisma.sql`${SPEAKERS} DESC, ${THEN}` },
  "fewest-speakers": { orderBy: Prisma.sql`${SPEAKERS} ASC, ${THEN}` },
  folder: { orderBy: Prisma.sql`${FOLDER_NAME} ASC NULLS LAST, ${THEN}` },
  "folder-desc": { orderBy: Prisma.sql`${FOLDER_NAME} DESC NULLS LAST, ${THEN}` },
};

export const RecordingListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, "Search terms can be at most 200 characters.")
    .optional()
    .transform((value) => value || undefined),
  sort: z.enum(RECORDING_SORT_KEYS).catch(DEFAULT_SORT).default(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  // The library's filters (library/library.server.ts): a folder's id or "none", and a tag's name.
  folder: z
    .string()
    .max(64, "Choose a folder from the list.")
    .optional()
    .transform((value) => value || undefined),
  tag: z
    .string()
    .trim()
    .max(40, "Tags can be at most 40 characters.")
    .optional()
    .transform((value) => value || undefined),
});

/** How many recordings the reader may see in their workspace, in any state. */
export async function recordingCount(reader: Reader): Promise<number> {
  return (await db()).recording.count({ where: recordingsWhere(await accessScope(reader)) });
}

/** How many recordings the user made, in any workspace: what the privacy page's "delete all my recordings" deletes. */
export async function ownRecordingCount(userId: string): Promise<number> {
  return (await db()).recording.count({ where: { userId } });
}

export const RECORDINGS_PAGE_SIZE = 20;

export interface RecordingListItem {
  id: string;
  title: string;
  fileName: string;
  status: RecordingStatus;
  progress: number;
  durationSeconds: number;
  sizeBytes: number;
  language: string | null;
  createdAt: Date;
  folderId: string | null;
  /** With a search: the best-matching transcript passage, split around the matches. */
  snippet: TextPart[] | null;
  /** Its tags' names, A to Z. */
  tags: string[];
  /** How many different speakers its transcript names (0 without speaker labels). */
  speakers: number;
  /** What retention goes by. */
  completedAt: Date | null;
  audioDeletedAt: Date | null;
}

// A list item's columns, its tags read along in the same query (a few index lookups per row of the page).
const LIST_COLUMNS = Prisma.sql`r."id", r."title", r."fileName", r."status", r."progress", r."durationSeconds",
  r."sizeBytes", COALESCE(r."transcriptLanguage", r."language") AS "language", r."createdAt", r."folderId",
  r."completedAt", r."audioDeletedAt",
  ARRAY(SELECT t."name" FROM "RecordingTag" rt JOIN "Tag" t ON t."id" = rt."tagId"
        WHERE rt."recordingId" = r."id" ORDER BY t."name") AS "tags",
  ${SPEAKERS}::int AS "speakers"`;

// One passage of about a dozen words around the first matching segment's hits.
const HEADLINE_OPTIONS = `StartSel="${MATCH_START}", StopSel="${MATCH_END}", MaxFragments=1, MaxWords=18, MinWords=6`;

type RecordingListQuery = z.infer<typeof RecordingListQuerySchema>;
/** The dashboard asks without the library's filters. */
type ListQuery = Pick<RecordingListQuery, "q" | "sort" | "page"> & Partial<RecordingListQuery>;

/** The folder and tag filters as SQL on `r` (the workspace's recordings); a tag matches whatever its case. */
function libraryFilter(scope: AccessScope, query: ListQuery) {
  const inFolder = !query.folder
    ? Prisma.empty
    : query.folder === "none"
      ? Prisma.sql` AND r."folderId" IS NULL`
      : Prisma.sql` AND r."folderId" = ${query.folder}`;
  const tagged = query.tag
    ? Prisma.sql` AND EXISTS (SELECT 1 FROM "RecordingTag" rt JOIN "Tag" t ON t."id" = rt."tagId"
        WHERE rt."recordingId" = r."id" AND t."workspaceId" = ${scope.workspaceId} AND lower(t."name") = lower(${query.tag}))`
    : Prisma.empty;
  return Prisma.sql`${inFolder}${tagged}`;
}

/**
 * The reader's recordings (their workspace's, minus walls), newest first by default, in a folder and with a tag when the query names them. A search
 * uses PostgreSQL full-text search over titles and transcripts (websearch syntax: quotes, OR, -word) and returns a
 * highlighted passage from each match.
 */
export async function listRecordings(
  reader: Reader,
  query: ListQuery,
  { pageSize = RECORDINGS_PAGE_SIZE }: { pageSize?: number } = {},
) {
  const scope = await accessScope(reader);
  const visible = recordingsSql(scope);
  const database = await db();
  const offset = (query.page - 1) * pageSize;
  const orderBy = RECORDING_SORTS[query.sort].orderBy;
  const filter = libraryFilter(scope, query);
  if (!query.q) {
    // The page and the total in one round trip (the count rides along as a window over the matching rows).
    // Straight to the database, like every read on every signed-in page (Database.read).
    const rows = await readSql<RecordingListItem & { total: bigint | number | string }>(Prisma.sql`
      SELECT ${LIST_COLUMNS},
             NULL AS "snippet", count(*) OVER () AS "total"
      FROM "Recording" r WHERE ${visible}${filter}
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`);
    // A page past the end has no rows to carry the count: only then is it asked for separately.
    const total = rows.length
      ? Number(rows[0].total)
      : offset === 0
        ? 0
        : Number(
            (
              await database.$queryRaw<[{ count: bigint }]>`
                SELECT count(*) AS count FROM "Recording" r WHERE ${visible}${filter}`
            )[0].count,
          );
    const items = rows.map(({ total: _total, ...item }): RecordingListItem => item);
    return { items, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  }
  // ts_headline escapes nothing: it marks the matches with control characters, and the passage goes to the page as
  // text parts, never as HTML. A reader who may not see the original searches (and quotes) the redacted text, so a
  // hidden word neither finds the recording nor shows in its passage (ADR 048).
  const text = can(scope.role, "view-original")
    ? Prisma.raw(`s."text"`)
    : Prisma.raw(`COALESCE(s."redactedText", s."text")`);
  const matches = Prisma.sql`
    WITH q AS (SELECT websearch_to_tsquery('simple', ${query.q}) AS query),
    hits AS (
      SELECT r."id",
             (SELECT ts_headline('simple', ${text}, q.query, ${HEADLINE_OPTIONS})
                FROM "TranscriptSegment" s
               WHERE s."recordingId" = r."id" AND to_tsvector('simple', ${text}) @@ q.query
               ORDER BY s."position" LIMIT 1) AS "snippet"
      FROM "Recording" r, q
      WHERE ${visible}${filter}
        AND (to_tsvector('simple', r."title") @@ q.query
             OR EXISTS (SELECT 1 FROM "TranscriptSegment" s WHERE s."recordingId" = r."id" AND to_tsvector('simple', ${text}) @@ q.query))
    )`;
  const [[{ count }], rows] = await Promise.all([
    database.$queryRaw<[{ count: bigint }]>`${matches} SELECT count(*) AS count FROM hits`,
    database.$queryRaw<(Omit<RecordingListItem, "snippet"> & { snippet: string | null })[]>`${matches}
      SELECT ${LIST_COLUMNS},
             hits."snippet"
      FROM hits JOIN "Recording" r ON r."id" = hits."id"
      ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${offset}`,
  ]);
  const total = Number(count);
  return {
    items: rows.map((row): RecordingListItem => ({
      ...row,
      snippet: row.snippet ? highlightParts(row.snippet) : null,
    })),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}
