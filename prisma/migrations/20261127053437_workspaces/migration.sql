-- CreateEnum
CREATE TYPE "WorkspaceKind" AS ENUM ('PERSONAL', 'TEAM');

-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('OWNER', 'ADMIN', 'MEMBER', 'REVIEWER', 'VIEWER');

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "WorkspaceKind" NOT NULL,
    "personalOwnerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkspaceMember" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "WorkspaceRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkspaceMember_pkey" PRIMARY KEY ("workspaceId","userId")
);

-- Workspaces (ADR 033). The new columns start nullable so the rows already there can be filled first.
ALTER TABLE "ApiKey" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "Folder" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "Recording" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "ShareLink" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "SpeakerProfile" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "Tag" ADD COLUMN "workspaceId" TEXT;
ALTER TABLE "WebhookEndpoint" ADD COLUMN "workspaceId" TEXT;

-- Every existing account gets its personal workspace, and owns it.
INSERT INTO "Workspace" ("id", "name", "kind", "personalOwnerId", "createdAt")
SELECT gen_random_uuid()::text, 'Personal', 'PERSONAL', "id", "createdAt" FROM "User";

INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "createdAt")
SELECT "id", "personalOwnerId", 'OWNER', "createdAt" FROM "Workspace" WHERE "kind" = 'PERSONAL';

-- Every existing row goes to its owner's personal workspace.
UPDATE "ApiKey" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "Folder" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "Recording" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "ShareLink" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "SpeakerProfile" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "Tag" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";
UPDATE "WebhookEndpoint" AS t SET "workspaceId" = w."id" FROM "Workspace" AS w WHERE w."personalOwnerId" = t."userId";

ALTER TABLE "ApiKey" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "Folder" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "Recording" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "ShareLink" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "SpeakerProfile" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "Tag" ALTER COLUMN "workspaceId" SET NOT NULL;
ALTER TABLE "WebhookEndpoint" ALTER COLUMN "workspaceId" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_personalOwnerId_key" ON "Workspace"("personalOwnerId");

-- CreateIndex
CREATE INDEX "WorkspaceMember_userId_idx" ON "WorkspaceMember"("userId");

-- CreateIndex
CREATE INDEX "ApiKey_workspaceId_idx" ON "ApiKey"("workspaceId");

-- CreateIndex
CREATE INDEX "Folder_workspaceId_idx" ON "Folder"("workspaceId");

-- CreateIndex
CREATE INDEX "Recording_workspaceId_idx" ON "Recording"("workspaceId");

-- CreateIndex
CREATE INDEX "ShareLink_workspaceId_idx" ON "ShareLink"("workspaceId");

-- CreateIndex
CREATE INDEX "SpeakerProfile_workspaceId_idx" ON "SpeakerProfile"("workspaceId");

-- CreateIndex
CREATE INDEX "Tag_workspaceId_idx" ON "Tag"("workspaceId");

-- CreateIndex
CREATE INDEX "WebhookEndpoint_workspaceId_idx" ON "WebhookEndpoint"("workspaceId");

-- AddForeignKey
ALTER TABLE "Recording" ADD CONSTRAINT "Recording_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Folder" ADD CONSTRAINT "Folder_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeakerProfile" ADD CONSTRAINT "SpeakerProfile_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workspace" ADD CONSTRAINT "Workspace_personalOwnerId_fkey" FOREIGN KEY ("personalOwnerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
