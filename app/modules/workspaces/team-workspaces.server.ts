// Team workspaces (ADR 035-teams, issue 32 item 1): an owner on a plan with teams creates one, members are listed,
// their roles changed, removed, and they leave; it is renamed and deleted. Every permission goes through the policy
// (`requireWorkspaceAction`, `canAssignRole`); the rules about owners are here, in one place:
// - a workspace keeps at least one owner: the last owner cannot be demoted, removed or leave (409);
// - the billing owner (whose plan pays for the seats and the pooled minutes) stays an owner while they pay (409);
// - only owners make, demote or remove owners (policy.ts, canAssignRole).
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import type { Prisma } from "~/generated/prisma/client";
import { featureRefusal } from "~/modules/billing/plan-features";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { assignRoleRefusal, canAssignRole, type WorkspaceAction, type WorkspaceRole } from "./policy";
import { personalWorkspace, requireWorkspaceAction, WorkspaceError } from "./workspaces.server";

type Tx = Prisma.TransactionClient;

export const PERSONAL_WORKSPACE_REFUSAL =
  "Your personal workspace is yours alone: create a team workspace to work with others.";

/** Creates a team workspace with the user as its owner and billing owner, with one seat (theirs). */
export async function createTeamWorkspace(userId: string, name: string, source: AuditSource = {}) {
  if (!(await accountIncludes(userId, "teams"))) throw new ExpectedError(featureRefusal("teams"), 403);
  const created = await (
    await db()
  ).workspace.create({
    data: {
      name,
      kind: "TEAM",
      billingOwnerId: userId,
      seats: 1,
      members: { create: { userId, role: "OWNER" } },
    },
    select: { id: true, name: true, kind: true, seats: true, createdAt: true },
  });
  await recordAudit({
    ...source,
    action: "workspace.created",
    actorId: userId,
    workspaceId: created.id,
    target: { kind: "workspace", id: created.id, label: created.name },
  });
  return created;
}

/**
 * The workspaces the user belongs to, personal first, with their role, members and seats. The personal workspace is
 * made here if it is not yet (ADR 033 makes it lazily): this page lists it, so it must exist.
 */
export async function listWorkspaces(userId: string) {
  await personalWorkspace(userId);
  const rows = await (
    await db()
  ).workspaceMember.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: {
      role: true,
      createdAt: true,
      workspace: {
        select: {
          id: true,
          name: true,
          kind: true,
          seats: true,
          createdAt: true,
          _count: { select: { members: true } },
        },
      },
    },
  });
  return rows
    .map(({ role, createdAt, workspace }) => ({
      id: workspace.id,
      name: workspace.name,
      kind: workspace.kind,
      role,
      members: workspace._count.members,
      seats: workspace.kind === "TEAM" ? workspace.seats : null,
      createdAt: workspace.createdAt,
      joinedAt: createdAt,
    }))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "PERSONAL" ? -1 : 1));
}

export type WorkspaceSummary = Awaited<ReturnType<typeof listWorkspaces>>[number];

/** A team workspace the user may act on, or the refusal: 404 for a non-member, 403 for the role, 409 if personal. */
export async function requireTeamWorkspace(userId: string, workspaceId: string, action: WorkspaceAction) {
  const role = await requireWorkspaceAction(userId, workspaceId, action);
  const workspace = await (
    await db()
  ).workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, name: true, kind: true, seats: true, billingOwnerId: true },
  });
  if (workspace.kind !== "TEAM") throw new WorkspaceError(PERSONAL_WORKSPACE_REFUSAL, 409);
  return { role, workspace };
}

/**
 * Runs `change` on the workspace's members with the workspace's row locked (an UPDATE that changes nothing takes the
 * row lock on PostgreSQL; PGlite runs one transaction at a time): two owners demoting each other at once, or two
 * invitations accepted for the last seat, are counted one after the other.
 */
export async function withWorkspaceLocked<T>(workspaceId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  return (await db()).$transaction(
    async (tx: Tx) => {
      await tx.workspace.update({ where: { id: workspaceId }, data: { seats: { increment: 0 } } });
      return change(tx);
    },
    { maxWait: 10_000, timeout: 10_000 },
  );
}

async function memberOrMissing(tx: Tx, workspaceId: string, userId: string) {
  const member = await tx.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  if (!member) throw new WorkspaceError("That person is not a member of this workspace.", 404);
  return member;
}

/** Refuses taking the owner role away from `userId` (demoted, removed, leaving) when the workspace needs them. */
async function mustStayOwner(
  tx: Tx,
  workspace: { id: string; billingOwnerId: string | null },
  userId: string,
  you: boolean,
) {
  const owners = await tx.workspaceMember.count({ where: { workspaceId: workspace.id, role: "OWNER" } });
  if (owners <= 1)
    throw new WorkspaceError(
      you
        ? "You are this workspace's only owner: make another member an owner first, or delete the workspace."
        : "This is the workspace's only owner: make another member an owner first.",
      409,
    );
  if (workspace.billingOwnerId === userId)
    throw new WorkspaceError(
      you
        ? "Your plan pays for this workspace's seats: you stay an owner while it does."
        : "This owner's plan pays for the workspace's seats: they stay an owner while it does.",
      409,
    );
}

/** Gives a member another role (`manage-members`; owners only by owners). */
export async function changeMemberRole(
  actorId: string,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
  source: AuditSource = {},
) {
  const { role: actorRole, workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  let from: WorkspaceRole | null = null;
  const changed = await withWorkspaceLocked(workspaceId, async (tx) => {
    const member = await memberOrMissing(tx, workspaceId, userId);
    if (!canAssignRole(actorRole, member.role) || !canAssignRole(actorRole, role))
      throw new WorkspaceError(assignRoleRefusal(actorRole, "OWNER"), 403);
    if (member.role === role) return { userId, role };
    if (member.role === "OWNER") await mustStayOwner(tx, workspace, userId, userId === actorId);
    await tx.workspaceMember.update({ where: { workspaceId_userId: { workspaceId, userId } }, data: { role } });
    from = member.role;
    return { userId, role };
  });
  if (from) {
    await recordAudit({
      ...source,
      action: "member.role-changed",
      actorId,
      workspaceId,
      target: { kind: "member", id: userId, label: await memberLabel(userId) },
      detail: { from, to: role },
    });
  }
  return changed;
}

/** A member's name and address, as the audit trail labels them. */
async function memberLabel(userId: string) {
  const user = await (await db()).user.findUnique({ where: { id: userId }, select: { email: true } });
  return user?.email ?? null;
}

/** Removes a member (`manage-members`; owners only by owners); their seat is free again. Yourself: you leave. */
export async function removeMember(actorId: string, workspaceId: string, userId: string, source: AuditSource = {}) {
  // Removing yourself is leaving, which any member may do.
  if (userId === actorId) return leaveWorkspace(actorId, workspaceId, source);
  const { role: actorRole, workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  await withWorkspaceLocked(workspaceId, async (tx) => {
    const member = await memberOrMissing(tx, workspaceId, userId);
    if (!canAssignRole(actorRole, member.role)) throw new WorkspaceError(assignRoleRefusal(actorRole, "OWNER"), 403);
    if (member.role === "OWNER") await mustStayOwner(tx, workspace, userId, false);
    await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
  });
  await recordAudit({
    ...source,
    action: "member.removed",
    actorId,
    workspaceId,
    target: { kind: "member", id: userId, label: await memberLabel(userId) },
  });
}

/** The user leaves a team workspace (any role: `view` is enough to be a member). What they made stays in it. */
export async function leaveWorkspace(userId: string, workspaceId: string, source: AuditSource = {}) {
  const { role, workspace } = await requireTeamWorkspace(userId, workspaceId, "view");
  await withWorkspaceLocked(workspaceId, async (tx) => {
    if (role === "OWNER") await mustStayOwner(tx, workspace, userId, true);
    await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
  });
  await recordAudit({
    ...source,
    action: "member.removed",
    actorId: userId,
    workspaceId,
    target: { kind: "member", id: userId, label: await memberLabel(userId) },
    detail: { left: true },
  });
}

/** Renames a team workspace (`manage-policy`: its settings, owners and admins). */
export async function renameWorkspace(userId: string, workspaceId: string, name: string) {
  await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  return (await db()).workspace.update({
    where: { id: workspaceId },
    data: { name },
    select: { id: true, name: true },
  });
}

/**
 * Deletes a team workspace (`delete-workspace`) when `confirmName` is its name. One that still holds recordings is
 * refused (409): their stored audio goes with a recording's own delete, which this domain (below recordings) cannot
 * call, and a whole team's recordings should not vanish with one form.
 */
export async function deleteTeamWorkspace(
  userId: string,
  workspaceId: string,
  confirmName: string,
  source: AuditSource = {},
) {
  const { workspace } = await requireTeamWorkspace(userId, workspaceId, "delete-workspace");
  if (confirmName.trim() !== workspace.name)
    throw new ExpectedError(`Type the workspace's name, ${workspace.name}, to delete it.`, 422);
  const database = await db();
  const recordings = await database.recording.count({ where: { workspaceId } });
  if (recordings > 0)
    throw new ExpectedError(
      `${workspace.name} still holds ${recordings} recording${recordings === 1 ? "" : "s"}: delete ${recordings === 1 ? "it" : "them"} first.`,
      409,
    );
  await database.workspace.delete({ where: { id: workspaceId } });
  await recordAudit({
    ...source,
    action: "workspace.deleted",
    actorId: userId,
    workspaceId,
    target: { kind: "workspace", id: workspace.id, label: workspace.name },
  });
  return { id: workspace.id, name: workspace.name };
}

/** The members of a workspace the user may `view`, with their role: for the members page and the API. */
export async function workspaceMembers(userId: string, workspaceId: string) {
  await requireWorkspaceAction(userId, workspaceId, "view");
  const rows = await (
    await db()
  ).workspaceMember.findMany({
    where: { workspaceId },
    orderBy: { createdAt: "asc" },
    select: {
      role: true,
      createdAt: true,
      user: { select: { id: true, email: true, firstName: true, lastName: true } },
    },
  });
  return rows.map(({ role, createdAt, user }) => ({
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role,
    joinedAt: createdAt,
  }));
}

export type WorkspaceMemberSummary = Awaited<ReturnType<typeof workspaceMembers>>[number];
