-- AlterTable
ALTER TABLE "TranscriptRevision" ADD COLUMN     "authorId" TEXT,
ADD COLUMN     "diff" JSON;

-- AddForeignKey
ALTER TABLE "TranscriptRevision" ADD CONSTRAINT "TranscriptRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
