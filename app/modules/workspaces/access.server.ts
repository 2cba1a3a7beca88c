// What a member may read in a workspace (ADR 034-workspace): its records minus the ethical walls they are not named in.
// Every list, search, count, autocomplete, export and API read builds its query from the helpers here, so a walled
// matter cannot be forgotten by one path: the walls are decided once, in SQL and in Prisma's where, side by side.
import { Prisma } from "~/generated/prisma/client";
import type { WorkspaceRole } from "./policy";
import { currentWorkspace, memberRole, WorkspaceError } from "./workspaces.server";

/** Who reads, and in which workspace. */
export interface AccessScope {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/**
 * What the domains' read functions take: a user id (the web app: that user in their current workspace) or a scope
 * (an API key: its creator in the key's own workspace).
 */
export type Reader = string | AccessScope;

/** The reader's scope. A user id resolves to their current workspace; a scope is checked to still be a membership. */
export async function accessScope(reader: Reader): Promise<AccessScope> {
  if (typeof reader !== "string") return reader;
  const workspace = await currentWorkspace(reader);
  return { userId: reader, workspaceId: workspace.id, role: workspace.role };
}

/** The reader's user id, whichever form the reader has. */
export const readerId = (reader: Reader) => (typeof reader === "string" ? reader : reader.userId);

/**
 * The scope of a user in one given workspace (an API key's), or a 404 WorkspaceError when they are not a member
 * of it any more.
 */
export async function memberScope(userId: string, workspaceId: string): Promise<AccessScope> {
  const role = await memberRole(userId, workspaceId);
  if (!role) throw new WorkspaceError("Workspace not found.", 404);
  return { userId, workspaceId, role };
}

/**
 * Prisma's where for the recordings a user may reach behind the walls: in no folder, in an open folder, or in a
 * restricted folder that names them. (The workspace is added by the caller's scope: `recordingsWhere`.)
 */
export function unwalledRecordingWhere(userId: string) {
  return {
    OR: [{ folderId: null }, { folder: { restricted: false } }, { folder: { access: { some: { userId } } } }],
  } satisfies Prisma.RecordingWhereInput;
}

/** Prisma's where for the recordings the scope may read: its workspace's, minus the walls it is not named in. */
export function recordingsWhere(scope: AccessScope): Prisma.RecordingWhereInput {
  return { workspaceId: scope.workspaceId, AND: [unwalledRecordingWhere(scope.userId)] };
}

/** Prisma's where for a folder the user may see: open, or restricted and naming them. */
export function unwalledFolderWhere(userId: string) {
  return { OR: [{ restricted: false }, { access: { some: { userId } } }] } satisfies Prisma.FolderWhereInput;
}

/** Prisma's where for the folders the scope may list: its workspace's, minus the walls it is not named in. */
export function foldersWhere(scope: AccessScope): Prisma.FolderWhereInput {
  return { workspaceId: scope.workspaceId, AND: [unwalledFolderWhere(scope.userId)] };
}

/**
 * The same rule in SQL for the raw list and search queries, on a recording aliased `alias` (default `r`):
 * ` AND <alias> in the scope's workspace AND not behind a wall the user is not named in`.
 */
export function recordingsSql(scope: AccessScope, alias = "r"): Prisma.Sql {
  const r = Prisma.raw(`"${alias}"`);
  return Prisma.sql`${r}."workspaceId" = ${scope.workspaceId}
    AND (${r}."folderId" IS NULL OR EXISTS (
      SELECT 1 FROM "Folder" wall WHERE wall."id" = ${r}."folderId"
        AND (NOT wall."restricted"
             OR EXISTS (SELECT 1 FROM "FolderAccess" fa
                         WHERE fa."folderId" = wall."id" AND fa."userId" = ${scope.userId}))))`;
}
