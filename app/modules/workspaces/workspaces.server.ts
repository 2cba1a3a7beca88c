// Workspaces (ADR 033-workspaces): every account's personal workspace, and the role a member has in a workspace.
// Everything a user makes (recordings, folders, tags, voice profiles, share links, API keys, webhooks) belongs to a
// workspace; in this first part of issue 32 that is always the creator's personal workspace, made on first use.
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { can, refusalSentence, type WorkspaceAction, type WorkspaceRole } from "./policy";

/** A workspace the user may not reach (404) or an action their role does not allow (403). */
export class WorkspaceError extends ExpectedError {}

/**
 * The user's personal workspace, created (with the user as its owner) the first time it is asked for. Idempotent and
 * safe when two requests ask at once: `personalOwnerId` is unique, so the slower create fails and reads the winner's.
 */
export async function personalWorkspace(userId: string): Promise<{ id: string; name: string }> {
  const prisma = await db();
  const select = { id: true, name: true } as const;
  const existing = await prisma.workspace.findUnique({ where: { personalOwnerId: userId }, select });
  if (existing) return existing;
  try {
    return await prisma.workspace.create({
      data: {
        name: "Personal",
        kind: "PERSONAL",
        personalOwnerId: userId,
        members: { create: { userId, role: "OWNER" } },
      },
      select,
    });
  } catch (error) {
    // Another request made it a moment ago: the unique `personalOwnerId` refused this one. (Inside the nested write's
    // transaction, PGlite's adapter reports that as a DriverAdapterError rather than P2002, so look instead of asking.)
    const made = await prisma.workspace.findUnique({ where: { personalOwnerId: userId }, select });
    if (made) return made;
    throw error;
  }
}

/** The id of the user's personal workspace: what every create sets as `workspaceId` in this part of issue 32. */
export const personalWorkspaceId = async (userId: string) => (await personalWorkspace(userId)).id;

/**
 * The user's role in the workspace, or null when they are not a member. A member the identity provider deactivated
 * has no membership row while deactivated (ADR 042), so every door that asks here sees no member.
 */
export async function memberRole(userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
  const member = await (
    await db()
  ).workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: { role: true } });
  return member?.role ?? null;
}

/**
 * The user's role in the workspace when it allows `action`. Otherwise it throws a WorkspaceError that the routes'
 * refusal helpers answer (ADR 020): 404 to someone who is not a member (the workspace's existence would leak), 403
 * with a sentence to a member whose role does not allow the action.
 */
export async function requireWorkspaceAction(
  userId: string,
  workspaceId: string,
  action: WorkspaceAction,
): Promise<WorkspaceRole> {
  const role = await memberRole(userId, workspaceId);
  if (!role) throw new WorkspaceError("Workspace not found.", 404);
  if (!can(role, action)) throw new WorkspaceError(refusalSentence(role, action), 403);
  return role;
}

/** The workspaces the user belongs to, with their role: for the data export and the switcher. */
export async function workspaceMemberships(userId: string) {
  const rows = await (
    await db()
  ).workspaceMember.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, workspace: { select: { id: true, name: true, kind: true } } },
  });
  return rows.map((row) => ({ ...row.workspace, role: row.role, joinedAt: row.createdAt }));
}

export interface CurrentWorkspace {
  id: string;
  name: string;
  kind: "PERSONAL" | "TEAM";
  role: WorkspaceRole;
}

/**
 * The workspace the app shows the user (ADR 034-workspace): the one they last switched to while they are still a member
 * of it, else their personal one (made on first use, as every create does).
 */
export async function currentWorkspace(userId: string): Promise<CurrentWorkspace> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { currentWorkspaceId: true } });
  if (user?.currentWorkspaceId) {
    const member = await prisma.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId: user.currentWorkspaceId, userId } },
      select: { role: true, workspace: { select: { id: true, name: true, kind: true } } },
    });
    if (member) return { ...member.workspace, role: member.role };
  }
  const personal = await personalWorkspace(userId);
  const role = (await memberRole(userId, personal.id)) ?? "OWNER";
  return { ...personal, kind: "PERSONAL", role };
}

/** The id of the user's current workspace: where their uploads, folders, tags and voice profiles go. */
export const currentWorkspaceId = async (userId: string) => (await currentWorkspace(userId)).id;

/** Makes `workspaceId` the user's current workspace; 404 when they are not a member (its existence would leak). */
export async function switchWorkspace(userId: string, workspaceId: string): Promise<CurrentWorkspace> {
  const prisma = await db();
  const member = await prisma.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true, workspace: { select: { id: true, name: true, kind: true } } },
  });
  if (!member) throw new WorkspaceError("Workspace not found.", 404);
  await prisma.user.update({ where: { id: userId }, data: { currentWorkspaceId: workspaceId } });
  return { ...member.workspace, role: member.role };
}

export interface WorkspaceSwitcher {
  current: CurrentWorkspace;
  /** The user's other workspaces, to switch to. */
  others: { id: string; name: string; kind: "PERSONAL" | "TEAM"; role: WorkspaceRole }[];
}

/** What the app shell's switcher shows: the current workspace and the user's other memberships. */
export async function workspaceSwitcher(userId: string): Promise<WorkspaceSwitcher> {
  const current = await currentWorkspace(userId);
  const memberships = await workspaceMemberships(userId);
  return {
    current,
    others: memberships
      .filter((workspace) => workspace.id !== current.id)
      .map(({ id, name, kind, role }) => ({ id, name, kind, role })),
  };
}

/** A workspace's name and kind, for the pages that show one (the audit log); null when there is none. */
export async function workspaceSummary(workspaceId: string) {
  return (await db()).workspace.findUnique({
    where: { id: workspaceId },
    select: { id: true, name: true, kind: true },
  });
}
