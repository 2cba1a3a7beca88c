// The "SSO required" policy at the other sign-in doors (ADR 041-sso): a member of a team workspace that requires
// single sign-on may not sign in with a password, Google or /api/login. Owners are exempt, as a break-glass: an
// outage or misconfiguration of the identity provider must not lock the team out of its own settings. The workspaces
// domain sets the policy; it is read here, below it, because every sign-in door is in accounts.
import { db } from "~/modules/platform/database.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";

export interface SsoRequirement {
  workspaceId: string;
  workspaceName: string;
}

/** The first workspace whose "SSO required" binds this account (a non-owner member), or null. */
export async function ssoRequirementFor(userId: string): Promise<SsoRequirement | null> {
  const membership = await (
    await db()
  ).workspaceMember.findFirst({
    where: { userId, role: { not: "OWNER" }, workspace: { kind: "TEAM", ssoRequired: true } },
    orderBy: { createdAt: "asc" },
    select: { workspace: { select: { id: true, name: true } } },
  });
  return membership ? { workspaceId: membership.workspace.id, workspaceName: membership.workspace.name } : null;
}

/** The refusal's words: exactly why, and where to go instead. */
export const ssoRequiredRefusal = ({ workspaceName }: SsoRequirement) =>
  `${workspaceName} requires single sign-on: sign in with SSO (Sign in with SSO on the sign-in page, /signin/sso) ` +
  "using your work email.";

/** The refused sign-in, in the account's and the workspace's audit trail. */
export async function recordSsoRequiredRefusal(
  userId: string,
  method: string,
  requirement: SsoRequirement,
  source: AuditSource = {},
) {
  await recordAudit({
    ...source,
    action: "sign-in.failed",
    workspaceId: requirement.workspaceId,
    target: { kind: "user", id: userId },
    detail: { method, reason: "sso-required" },
  });
}
