-- CreateTable
CREATE TABLE "RecordingCaption" (
    "recordingId" TEXT NOT NULL,
    "matter" TEXT NOT NULL DEFAULT '',
    "caseNumber" TEXT NOT NULL DEFAULT '',
    "court" TEXT NOT NULL DEFAULT '',
    "date" TEXT NOT NULL DEFAULT '',
    "place" TEXT NOT NULL DEFAULT '',
    "appearances" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "startTime" TEXT NOT NULL DEFAULT '',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "examinationTitle" TEXT NOT NULL DEFAULT '',
    "examiner" TEXT NOT NULL DEFAULT '',
    "witness" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "RecordingCaption_pkey" PRIMARY KEY ("recordingId")
);

-- AddForeignKey
ALTER TABLE "RecordingCaption" ADD CONSTRAINT "RecordingCaption_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;
