// Invitations to a team workspace (ADR 035-teams, issue 32 item 1): by email, with a role, through a link that is
// random (32 bytes), kept only as its SHA-256, expires after INVITATION_TTL_DAYS and works once. Accepting takes a
// seat (seats.server.ts); the account that accepts must use the invited address: the link proves that inbox, so a
// new account made from it counts as verified, and a forwarded link cannot let another account in.
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import crypto from "node:crypto";
import { appOrigin } from "~/config/env.server";
import { SeatsFullEmail, WorkspaceInvitationEmail } from "~/emails/workspace-invitation";
import type { Prisma } from "~/generated/prisma/client";
import { hashNewPassword } from "~/modules/accounts/password.server";
import { db } from "~/modules/platform/database.server";
import { sendNotice, sendTemplateEmail } from "~/modules/platform/email.server";
import { countFailure } from "~/modules/platform/failure-counters.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { formatDate } from "~/utils/dates";
import { assignRoleRefusal, canAssignRole, type WorkspaceRole } from "./policy";
import { roleLabel } from "./team-forms";
import { requireTeamWorkspace, withWorkspaceLocked } from "./team-workspaces.server";
import { WorkspaceError } from "./workspaces.server";

type Tx = Prisma.TransactionClient;

export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Invitations sent (and resent) per hour: per workspace, and per inviting account across its workspaces. A
 * compromised or careless admin cannot turn Voxlate into a mailer; a real team onboarding fits well within them.
 */
export const INVITATIONS_PER_HOUR = { workspace: 50, account: 30 } as const;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");
export const invitationUrl = (token: string) => `${appOrigin()}/invitations/${token}`;

const SUMMARY_SELECT = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  createdAt: true,
  invitedBy: { select: { firstName: true, lastName: true } },
} as const;

/** Counts one invitation email against both limits; over either: 429 with a sentence. */
async function countInvitationSent(workspaceId: string, actorId: string) {
  const [perWorkspace, perAccount] = await Promise.all([
    countFailure(`invite-workspace:${workspaceId}`, HOUR_MS),
    countFailure(`invite-account:${actorId}`, HOUR_MS),
  ]);
  if (perWorkspace.count > INVITATIONS_PER_HOUR.workspace || perAccount.count > INVITATIONS_PER_HOUR.account)
    throw new ExpectedError("Too many invitations sent in the last hour. Please wait a while and try again.", 429);
}

async function sendInvitation(
  invitation: { email: string; role: WorkspaceRole; expiresAt: Date },
  token: string,
  workspace: { name: string },
  actorId: string,
) {
  const inviter = await (
    await db()
  ).user.findUniqueOrThrow({ where: { id: actorId }, select: { firstName: true, lastName: true } });
  const name = `${inviter.firstName} ${inviter.lastName}`.trim();
  await sendTemplateEmail(
    invitation.email,
    `${name} invited you to ${workspace.name} on Voxlate`,
    WorkspaceInvitationEmail({
      inviter: name,
      workspace: workspace.name,
      role: roleLabel(invitation.role).toLowerCase(),
      url: invitationUrl(token),
      expires: formatDate(invitation.expiresAt, "dateTime"),
    }),
  );
}

/**
 * Invites `email` with `role` (`manage-members`; owner invitations only from owners). A pending invitation to the
 * same address is replaced, so one link is live per person. Refused (409) for someone already a member.
 */
export async function inviteMember(
  actorId: string,
  workspaceId: string,
  input: { email: string; role: WorkspaceRole },
  source: AuditSource = {},
) {
  const { role: actorRole, workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  if (!canAssignRole(actorRole, input.role)) throw new WorkspaceError(assignRoleRefusal(actorRole, input.role), 403);
  const email = input.email.trim().toLowerCase();
  const database = await db();
  const member = await database.workspaceMember.findFirst({
    where: { workspaceId, user: { email } },
    select: { role: true },
  });
  if (member) throw new ExpectedError(`${email} is already a member of ${workspace.name}.`, 409);
  await countInvitationSent(workspaceId, actorId);
  const token = newToken();
  const now = new Date();
  const invitation = await database.$transaction(async (tx: Tx) => {
    await tx.workspaceInvitation.updateMany({
      where: { workspaceId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return tx.workspaceInvitation.create({
      data: {
        workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: actorId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      },
      select: SUMMARY_SELECT,
    });
  });
  await sendInvitation(invitation, token, workspace, actorId);
  await recordAudit({
    ...source,
    action: "invitation.sent",
    actorId,
    workspaceId,
    target: { kind: "invitation", id: invitation.id, label: email },
    detail: { role: input.role },
  });
  return invitationSummary(invitation);
}

function invitationSummary(invitation: {
  id: string;
  email: string;
  role: WorkspaceRole;
  expiresAt: Date;
  createdAt: Date;
  invitedBy: { firstName: string; lastName: string } | null;
}) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    createdAt: invitation.createdAt,
    invitedBy: invitation.invitedBy
      ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim()
      : null,
  };
}

/** A pending invitation of the workspace, or 404. */
async function pendingInvitation(workspaceId: string, invitationId: string) {
  const invitation = await (
    await db()
  ).workspaceInvitation.findFirst({
    where: { id: invitationId, workspaceId, acceptedAt: null, revokedAt: null },
    select: { id: true, email: true, role: true },
  });
  if (!invitation) throw new ExpectedError("That invitation is no longer pending.", 404);
  return invitation;
}

/** Sends the invitation again with a new link (the old one stops working) and a new week. */
export async function resendInvitation(actorId: string, workspaceId: string, invitationId: string) {
  const { role: actorRole, workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  const pending = await pendingInvitation(workspaceId, invitationId);
  if (!canAssignRole(actorRole, pending.role))
    throw new WorkspaceError(assignRoleRefusal(actorRole, pending.role), 403);
  await countInvitationSent(workspaceId, actorId);
  const token = newToken();
  const invitation = await (
    await db()
  ).workspaceInvitation.update({
    where: { id: invitationId },
    data: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) },
    select: SUMMARY_SELECT,
  });
  await sendInvitation(invitation, token, workspace, actorId);
  return invitationSummary(invitation);
}

/** Revokes a pending invitation: its link then says so. */
export async function revokeInvitation(
  actorId: string,
  workspaceId: string,
  invitationId: string,
  source: AuditSource = {},
) {
  const { role: actorRole } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  const pending = await pendingInvitation(workspaceId, invitationId);
  if (!canAssignRole(actorRole, pending.role))
    throw new WorkspaceError(assignRoleRefusal(actorRole, pending.role), 403);
  await (await db()).workspaceInvitation.update({ where: { id: invitationId }, data: { revokedAt: new Date() } });
  await recordAudit({
    ...source,
    action: "invitation.revoked",
    actorId,
    workspaceId,
    target: { kind: "invitation", id: invitationId, label: pending.email },
  });
}

/** The workspace's pending invitations (expired ones too, marked, so they can be resent), for `manage-members`. */
export async function pendingInvitations(actorId: string, workspaceId: string) {
  await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  const rows = await (
    await db()
  ).workspaceInvitation.findMany({
    where: { workspaceId, acceptedAt: null, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: SUMMARY_SELECT,
  });
  const now = Date.now();
  return rows.map((row) => ({ ...invitationSummary(row), expired: row.expiresAt.getTime() <= now }));
}

export type PendingInvitation = Awaited<ReturnType<typeof pendingInvitations>>[number];

export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

/** What the invitation page shows: the invitation's state, the team, and whether a seat is free. Null: no such link. */
export async function invitationByToken(token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const database = await db();
  const invitation = await database.workspaceInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      workspaceId: true,
      workspace: { select: { name: true, seats: true, _count: { select: { members: true } } } },
      invitedBy: { select: { firstName: true, lastName: true } },
    },
  });
  if (!invitation) return null;
  const state: InvitationState = invitation.revokedAt
    ? "revoked"
    : invitation.acceptedAt
      ? "accepted"
      : invitation.expiresAt.getTime() <= Date.now()
        ? "expired"
        : "pending";
  const accountExists = Boolean(
    await database.user.findUnique({ where: { email: invitation.email }, select: { id: true } }),
  );
  return {
    state,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    workspaceId: invitation.workspaceId,
    workspaceName: invitation.workspace.name,
    inviter: invitation.invitedBy ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim() : null,
    seatFree: invitation.workspace._count.members < invitation.workspace.seats,
    accountExists,
  };
}

export type InvitationView = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

const STATE_REFUSALS: Record<Exclude<InvitationState, "pending">, string> = {
  expired: "This invitation has expired. Ask the person who invited you to send a new one.",
  accepted: "This invitation was already used. If it was you, sign in to open the workspace.",
  revoked: "This invitation was withdrawn. Ask the person who invited you to send a new one.",
};

/** No seat was free when someone accepted: 409 on the page, and the billing owner is told how to add one. */
export class NoFreeSeatError extends ExpectedError {
  constructor(workspaceName: string) {
    super(
      `Every seat in ${workspaceName} is taken, so you cannot join yet. We have told its owner how to add a seat; ` +
        "open this link again once they have.",
      409,
    );
  }
}

async function tellOwnerNoSeat(workspaceId: string, invitee: string) {
  // Once an hour per workspace at most: someone reloading the page must not flood the owner's inbox.
  if ((await countFailure(`seats-full:${workspaceId}`, HOUR_MS)).count > 1) return;
  const workspace = await (
    await db()
  ).workspace.findUnique({
    where: { id: workspaceId },
    select: { name: true, billingOwner: { select: { email: true, firstName: true } } },
  });
  if (!workspace?.billingOwner) return;
  await sendNotice(
    workspace.billingOwner.email,
    `${workspace.name} has no free seat`,
    SeatsFullEmail({
      firstName: workspace.billingOwner.firstName,
      invitee,
      workspace: workspace.name,
      membersUrl: `${appOrigin()}/workspaces/${workspaceId}/members`,
    }),
  );
}

/**
 * Accepts the invitation for `account` (or, with `newAccount`, creates the invited account first, verified: the link
 * proved the inbox). One transaction with the workspace's row locked: the link is used once, and a seat is taken only
 * if one is free. Returns the workspace and the account's id.
 */
async function accept(
  token: string,
  account: { userId: string } | { newAccount: { firstName: string; lastName: string; password: string } },
  source: AuditSource,
) {
  const view = await invitationByToken(token);
  if (!view) throw new ExpectedError("This invitation link is not valid. Check that you copied all of it.", 404);
  if (view.state !== "pending") throw new ExpectedError(STATE_REFUSALS[view.state], 410);
  // A new account's password goes through the one door for new passwords (common ones are refused, ADR 037).
  const passwordHash =
    "newAccount" in account
      ? await hashNewPassword(account.newAccount.password, { email: view.email, ...account.newAccount })
      : null;
  try {
    const joined = await withWorkspaceLocked(view.workspaceId, async (tx) => {
      const invitation = await tx.workspaceInvitation.findUnique({
        where: { tokenHash: hashToken(token) },
        select: { id: true, email: true, role: true, workspaceId: true },
      });
      let userId: string;
      if ("userId" in account) {
        const user = await tx.user.findUniqueOrThrow({ where: { id: account.userId }, select: { email: true } });
        if (user.email !== invitation!.email)
          throw new ExpectedError(
            `This invitation was sent to ${invitation!.email}, and you are signed in as ${user.email}. ` +
              `Sign out, then open the link again and sign in or create an account with ${invitation!.email}.`,
            403,
          );
        userId = account.userId;
      } else {
        if (await tx.user.findUnique({ where: { email: invitation!.email }, select: { id: true } }))
          throw new ExpectedError(`An account with ${invitation!.email} already exists: sign in to accept.`, 409);
        const created = await tx.user.create({
          data: {
            email: invitation!.email,
            firstName: account.newAccount.firstName,
            lastName: account.newAccount.lastName,
            passwordHash,
            emailVerifiedAt: new Date(),
          },
          select: { id: true },
        });
        userId = created.id;
      }
      // Used once: only the first of two accepts at once finds it still pending.
      const { count } = await tx.workspaceInvitation.updateMany({
        where: { id: invitation!.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
        data: { acceptedAt: new Date(), acceptedById: userId },
      });
      if (count !== 1) throw new ExpectedError(STATE_REFUSALS.accepted, 410);
      const already = await tx.workspaceMember.findUnique({
        where: { workspaceId_userId: { workspaceId: view.workspaceId, userId } },
        select: { role: true },
      });
      if (!already) {
        const [workspace, used] = await Promise.all([
          tx.workspace.findUniqueOrThrow({ where: { id: view.workspaceId }, select: { seats: true, name: true } }),
          tx.workspaceMember.count({ where: { workspaceId: view.workspaceId } }),
        ]);
        if (used >= workspace.seats) throw new NoFreeSeatError(workspace.name);
        await tx.workspaceMember.create({ data: { workspaceId: view.workspaceId, userId, role: invitation!.role } });
      }
      // They came to work in this team: it becomes the workspace the app shows them (the switcher's choice).
      await tx.user.update({ where: { id: userId }, data: { currentWorkspaceId: view.workspaceId } });
      return { workspaceId: view.workspaceId, workspaceName: view.workspaceName, userId };
    });
    await recordAudit({
      ...source,
      action: "invitation.accepted",
      actorId: joined.userId,
      workspaceId: joined.workspaceId,
      target: { kind: "invitation", id: null, label: view.email },
      detail: { role: view.role },
    });
    return joined;
  } catch (error) {
    if (error instanceof NoFreeSeatError) await tellOwnerNoSeat(view.workspaceId, view.email);
    throw error;
  }
}

/** The signed-in account accepts (its email must be the invited one). */
export const acceptInvitation = (token: string, userId: string, source: AuditSource = {}) =>
  accept(token, { userId }, source);

/** A visitor without an account creates the invited one (email fixed, verified) and joins in the same step. */
export const acceptInvitationWithNewAccount = (
  token: string,
  newAccount: { firstName: string; lastName: string; password: string },
  source: AuditSource = {},
) => accept(token, { newAccount }, source);
