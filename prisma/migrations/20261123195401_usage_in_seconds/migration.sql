-- Minutes are charged by the second, and a queued or running transcription holds its length against the allowance.

-- Recordings waiting or running at upgrade time hold their probed length, as new ones will.
ALTER TABLE "Recording" ADD COLUMN     "reservedSeconds" INTEGER NOT NULL DEFAULT 0;
UPDATE "Recording" SET "reservedSeconds" = GREATEST(1, CEIL("durationSeconds"))::INTEGER
 WHERE "status" IN ('QUEUED', 'PROCESSING');

-- Existing charges were whole minutes: the same amount in seconds (renamed, so no row loses its value).
ALTER TABLE "UsageCharge" RENAME COLUMN "minutes" TO "seconds";
UPDATE "UsageCharge" SET "seconds" = "seconds" * 60;
