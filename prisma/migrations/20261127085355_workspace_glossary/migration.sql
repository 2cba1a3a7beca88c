-- The glossary moves from the account to the workspace (ADR 034-workspace): each personal workspace takes its
-- owner's, so nothing changes for a single user; team workspaces start empty.
-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "glossary" TEXT[] DEFAULT ARRAY[]::TEXT[];

UPDATE "Workspace" AS w SET "glossary" = u."glossary" FROM "User" AS u WHERE w."personalOwnerId" = u."id";

-- AlterTable
ALTER TABLE "User" DROP COLUMN "glossary";
