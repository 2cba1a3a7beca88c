-- CreateEnum
CREATE TYPE "RedactionStatus" AS ENUM ('SUGGESTED', 'ACCEPTED', 'REJECTED');

-- AlterTable
ALTER TABLE "Recording" ADD COLUMN     "redactionReviewedAt" TIMESTAMP(3),
ADD COLUMN     "redactionReviewedById" TEXT;

-- AlterTable
ALTER TABLE "TranscriptSegment" ADD COLUMN     "redactedText" TEXT;

-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "redactionRequired" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sensitiveTerms" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "Redaction" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "startOffset" INTEGER NOT NULL,
    "endOffset" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" "RedactionStatus" NOT NULL DEFAULT 'SUGGESTED',
    "createdById" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Redaction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Redaction_recordingId_status_idx" ON "Redaction"("recordingId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Redaction_segmentId_startOffset_endOffset_key" ON "Redaction"("segmentId", "startOffset", "endOffset");

-- AddForeignKey
ALTER TABLE "Redaction" ADD CONSTRAINT "Redaction_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Redaction" ADD CONSTRAINT "Redaction_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "TranscriptSegment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
