// A team's security (ADR 040-sessions): its policies (two-factor required now; SSO and SCIM fold in at their merge),
// the rule that sends members without a second factor to set one up, and an administrator's view and reset of a
// member's second factors. Every permission goes through policy.ts: `manage-policy` for the policies, `manage-members`
// (owners only for owners, canAssignRole) for resets.
import { SecondFactorsResetEmail } from "~/emails/second-factors-reset";
import { appOrigin } from "~/config/env.server";
import {
  hasSecondFactor,
  resetSecondFactors,
  secondFactorSummaries,
  type SecondFactorSummary,
} from "~/modules/accounts/second-factors.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { sendNotice } from "~/modules/platform/email.server";
import { assignRoleRefusal, canAssignRole } from "./policy";
import { requireTeamWorkspace } from "./team-workspaces.server";
import { WorkspaceError } from "./workspaces.server";

/** A workspace's policies: an object the SSO and SCIM settings join (`ssoRequired`, `sso`, `scim`). */
export interface WorkspacePolicies {
  twoFactorRequired: boolean;
  /** Redaction required for everything that leaves the workspace (ADR 048). */
  redactionRequired: boolean;
}

/** Each boolean policy, with the name its audit entries give it. */
const POLICY_NAMES = { twoFactorRequired: "two-factor-required", redactionRequired: "redaction-required" } as const;

/** The team's policies, for a member whose role may change them (`manage-policy`): 404, 403 or 409 otherwise. */
export async function workspacePolicies(userId: string, workspaceId: string): Promise<WorkspacePolicies> {
  await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  const workspace = await (
    await db()
  ).workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { twoFactorRequired: true, redactionRequired: true },
  });
  return { twoFactorRequired: workspace.twoFactorRequired, redactionRequired: workspace.redactionRequired };
}

/** What the workspace's security page shows (`manage-policy`). */
export async function securityPage(userId: string, workspaceId: string) {
  const { workspace } = await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  return {
    workspace: { id: workspace.id, name: workspace.name },
    policies: await workspacePolicies(userId, workspaceId),
  };
}

/** Changes the team's policies (`manage-policy`); each change that changes something is recorded. */
export async function setWorkspacePolicies(
  userId: string,
  workspaceId: string,
  change: Partial<WorkspacePolicies>,
  source: AuditSource = {},
): Promise<WorkspacePolicies> {
  const before = await workspacePolicies(userId, workspaceId);
  const after = { ...before };
  for (const key of Object.keys(POLICY_NAMES) as (keyof WorkspacePolicies)[]) {
    const to = change[key];
    if (to === undefined || to === before[key]) continue;
    await (await db()).workspace.update({ where: { id: workspaceId }, data: { [key]: to } });
    await recordAudit({
      ...source,
      action: "policy.changed",
      actorId: userId,
      workspaceId,
      target: { kind: "workspace", id: workspaceId },
      detail: { policy: POLICY_NAMES[key], from: before[key], to },
    });
    after[key] = to;
  }
  return after;
}

/** The names of the user's workspaces that require a second factor (none: no query beyond one indexed read). */
export async function workspacesRequiringSecondFactor(userId: string): Promise<string[]> {
  const rows = await (
    await db()
  ).workspaceMember.findMany({
    where: { userId, workspace: { twoFactorRequired: true } },
    select: { workspace: { select: { name: true } } },
  });
  return rows.map((row) => row.workspace.name);
}

/**
 * The workspaces that make this user set up a second factor before they use the app, or an empty list: none of their
 * workspaces requires one, or they have one.
 */
export async function secondFactorEnrolmentRequiredBy(userId: string): Promise<string[]> {
  const requiring = await workspacesRequiringSecondFactor(userId);
  if (requiring.length === 0 || (await hasSecondFactor(userId))) return [];
  return requiring;
}

/** Each member's second factors, for those who manage members (the members page and the API). */
export async function memberSecondFactors(
  userId: string,
  workspaceId: string,
): Promise<Map<string, SecondFactorSummary>> {
  await requireTeamWorkspace(userId, workspaceId, "manage-members");
  const members = await (await db()).workspaceMember.findMany({ where: { workspaceId }, select: { userId: true } });
  return secondFactorSummaries(members.map((member) => member.userId));
}

/**
 * Resets a member's second factors (`manage-members`; owners only by owners): their authenticator app, recovery codes
 * and passkeys go and every session of theirs ends; they are emailed and it is recorded. Their password stays and the
 * administrator gets nothing to sign in with: the member signs in with their password and sets up a factor again, so
 * an admin of one team cannot use a reset to take over the account or its other workspaces (ADR 040-sessions).
 */
export async function resetMemberSecondFactors(
  actorId: string,
  workspaceId: string,
  memberId: string,
  source: AuditSource = {},
) {
  const { role, workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-members");
  if (memberId === actorId)
    throw new WorkspaceError("Change your own second factors on your account's two-factor page.", 409);
  const member = await (
    await db()
  ).workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: memberId } },
    select: { role: true, user: { select: { email: true } } },
  });
  if (!member) throw new WorkspaceError("That person is not a member of this workspace.", 404);
  if (!canAssignRole(role, member.role)) throw new WorkspaceError(assignRoleRefusal(role, member.role), 403);
  await resetSecondFactors(memberId);
  await sendNotice(
    member.user.email,
    "Your Voxlate second factors were reset",
    SecondFactorsResetEmail({ workspaceName: workspace.name, signInUrl: `${appOrigin()}/signin` }),
  );
  await recordAudit({
    ...source,
    action: "second-factors.reset",
    actorId,
    workspaceId,
    target: { kind: "member", id: memberId, label: member.user.email },
  });
  return { userId: memberId, email: member.user.email };
}
