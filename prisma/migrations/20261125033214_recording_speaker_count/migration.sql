-- AlterTable
ALTER TABLE "Recording" ADD COLUMN     "speakerCount" INTEGER;
