-- AlterTable
ALTER TABLE "Recording" ADD COLUMN     "glossary" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "glossary" TEXT[] DEFAULT ARRAY[]::TEXT[];
