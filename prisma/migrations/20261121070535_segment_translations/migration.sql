-- CreateTable
CREATE TABLE "SegmentTranslation" (
    "id" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SegmentTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SegmentTranslation_segmentId_language_key" ON "SegmentTranslation"("segmentId", "language");

-- AddForeignKey
ALTER TABLE "SegmentTranslation" ADD CONSTRAINT "SegmentTranslation_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "TranscriptSegment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
