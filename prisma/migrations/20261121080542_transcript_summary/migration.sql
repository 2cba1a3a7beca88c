-- CreateTable
CREATE TABLE "TranscriptSummary" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "model" TEXT,
    "abstract" TEXT NOT NULL,
    "keyPoints" JSONB NOT NULL,
    "actionItems" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TranscriptSummary_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TranscriptSummary_recordingId_key" ON "TranscriptSummary"("recordingId");

-- AddForeignKey
ALTER TABLE "TranscriptSummary" ADD CONSTRAINT "TranscriptSummary_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;
