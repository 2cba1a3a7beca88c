-- CreateEnum
CREATE TYPE "TranslationStatus" AS ENUM ('QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED');

-- CreateTable
CREATE TABLE "TranscriptTranslation" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" "TranslationStatus" NOT NULL DEFAULT 'QUEUED',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "engine" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TranscriptTranslation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TranscriptTranslation_recordingId_language_key" ON "TranscriptTranslation"("recordingId", "language");

-- AddForeignKey
ALTER TABLE "TranscriptTranslation" ADD CONSTRAINT "TranscriptTranslation_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;
