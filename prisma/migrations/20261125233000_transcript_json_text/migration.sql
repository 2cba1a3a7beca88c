-- A segment's words and a revision's changes are written and read back whole, never queried inside: stored as JSON
-- text, which the database only checks, instead of jsonb, which it converts to and from its binary form on every
-- write and read (most of a replace-all's save on a 2-hour transcript; docs/performance.md).
ALTER TABLE "TranscriptRevision" ALTER COLUMN "changes" SET DATA TYPE JSON USING "changes"::json;
ALTER TABLE "TranscriptSegment" ALTER COLUMN "words" SET DATA TYPE JSON USING "words"::json;
