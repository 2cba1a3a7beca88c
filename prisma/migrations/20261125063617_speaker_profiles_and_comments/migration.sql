-- CreateTable
CREATE TABLE "SpeakerProfile" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "frames" INTEGER NOT NULL,
    "sum" DOUBLE PRECISION[],
    "outer" DOUBLE PRECISION[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpeakerProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpeakerVoice" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "originalLabel" TEXT NOT NULL,
    "frames" INTEGER NOT NULL,
    "sum" DOUBLE PRECISION[],
    "outer" DOUBLE PRECISION[],
    "profileId" TEXT,
    "matchSimilarity" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpeakerVoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TranscriptComment" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "segmentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "quote" TEXT NOT NULL,
    "startOffset" INTEGER,
    "endOffset" INTEGER,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TranscriptComment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SpeakerProfile_userId_name_key" ON "SpeakerProfile"("userId", "name");

-- CreateIndex
CREATE INDEX "SpeakerVoice_profileId_idx" ON "SpeakerVoice"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "SpeakerVoice_recordingId_originalLabel_key" ON "SpeakerVoice"("recordingId", "originalLabel");

-- CreateIndex
CREATE INDEX "TranscriptComment_recordingId_createdAt_idx" ON "TranscriptComment"("recordingId", "createdAt");

-- CreateIndex
CREATE INDEX "TranscriptComment_segmentId_idx" ON "TranscriptComment"("segmentId");

-- AddForeignKey
ALTER TABLE "SpeakerProfile" ADD CONSTRAINT "SpeakerProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeakerVoice" ADD CONSTRAINT "SpeakerVoice_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeakerVoice" ADD CONSTRAINT "SpeakerVoice_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "SpeakerProfile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptComment" ADD CONSTRAINT "TranscriptComment_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptComment" ADD CONSTRAINT "TranscriptComment_segmentId_fkey" FOREIGN KEY ("segmentId") REFERENCES "TranscriptSegment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptComment" ADD CONSTRAINT "TranscriptComment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
