-- AlterTable
ALTER TABLE "Recording" ADD COLUMN     "speechRegions" JSONB;
