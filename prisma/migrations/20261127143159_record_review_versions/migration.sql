-- AlterTable
ALTER TABLE "Recording" ADD COLUMN     "mediaSha256" TEXT;

-- AlterTable
ALTER TABLE "TranscriptSegment" ADD COLUMN     "verifiedAt" TIMESTAMP(3),
ADD COLUMN     "verifiedById" TEXT;

-- CreateTable
CREATE TABLE "TranscriptVersion" (
    "id" TEXT NOT NULL,
    "recordingId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "mediaSha256" TEXT,
    "previousHash" TEXT,
    "hash" TEXT NOT NULL,
    "segmentCount" INTEGER NOT NULL,
    "authorId" TEXT,
    "diff" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "signedOffAt" TIMESTAMP(3),
    "signedOffById" TEXT,
    "signedOffByName" TEXT,
    "signOffHash" TEXT,

    CONSTRAINT "TranscriptVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TranscriptVersion_recordingId_number_key" ON "TranscriptVersion"("recordingId", "number");

-- AddForeignKey
ALTER TABLE "TranscriptSegment" ADD CONSTRAINT "TranscriptSegment_verifiedById_fkey" FOREIGN KEY ("verifiedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptVersion" ADD CONSTRAINT "TranscriptVersion_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TranscriptVersion" ADD CONSTRAINT "TranscriptVersion_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
