-- Issue 32, ADR 034-workspace: the current workspace, folder and tag names unique per workspace, ethical walls.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "currentWorkspaceId" TEXT;

-- AlterTable
ALTER TABLE "Folder" ADD COLUMN "restricted" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "FolderAccess" (
    "folderId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FolderAccess_pkey" PRIMARY KEY ("folderId","userId")
);

-- Names were unique per user; every row sits in its creator's personal workspace, so they are unique per workspace too.
-- DropIndex
DROP INDEX "Folder_userId_name_key";

-- DropIndex
DROP INDEX "Tag_userId_name_key";

-- CreateIndex
CREATE INDEX "Folder_userId_idx" ON "Folder"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Folder_workspaceId_name_key" ON "Folder"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "Tag_userId_idx" ON "Tag"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_workspaceId_name_key" ON "Tag"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "FolderAccess_userId_idx" ON "FolderAccess"("userId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_currentWorkspaceId_fkey" FOREIGN KEY ("currentWorkspaceId") REFERENCES "Workspace"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FolderAccess" ADD CONSTRAINT "FolderAccess_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FolderAccess" ADD CONSTRAINT "FolderAccess_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The unique (workspaceId, name) indexes serve lookups by workspace.
-- DropIndex
DROP INDEX "Folder_workspaceId_idx";

-- DropIndex
DROP INDEX "Tag_workspaceId_idx";
