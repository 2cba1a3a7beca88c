// What a team's members page shows (ADR 035-teams): the members with their roles and minutes this period, the
// pending invitations (to those who manage members), seats used and bought, and what the viewer's role may do.
import { workspaceUsage } from "~/modules/usage/usage.server";
import { billingSummary } from "~/modules/billing/billing.server";
import { pendingInvitations } from "./invitations.server";
import { can, canAssignRole, WORKSPACE_ROLES } from "./policy";
import { seatCount } from "./seats.server";
import { requireTeamWorkspace, workspaceMembers } from "./team-workspaces.server";
import { db } from "~/modules/platform/database.server";
import { memberSecondFactors } from "./workspace-security.server";

export async function membersPage(userId: string, workspaceId: string) {
  const { role, workspace } = await requireTeamWorkspace(userId, workspaceId, "view");
  const manages = can(role, "manage-members");
  const database = await db();
  const [members, invitations, seats, usage, payer, secondFactors] = await Promise.all([
    workspaceMembers(userId, workspaceId),
    manages ? pendingInvitations(userId, workspaceId) : Promise.resolve([]),
    seatCount(database, workspaceId),
    workspaceUsage(workspaceId),
    workspace.billingOwnerId === userId ? billingSummary(userId) : Promise.resolve(null),
    // Who has which second factor is for those who manage members (and may reset them).
    manages ? memberSecondFactors(userId, workspaceId) : Promise.resolve(null),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    role,
    may: {
      manageMembers: manages,
      rename: can(role, "manage-policy"),
      security: can(role, "manage-policy"),
      delete: can(role, "delete-workspace"),
      // Seats are changed by the owner whose subscription pays for them (seats.server.ts).
      seats: can(role, "manage-billing") && workspace.billingOwnerId === userId,
      // Any other owner may take over paying for it (seats.server.ts `takeOverBilling`).
      takeOverBilling: can(role, "manage-billing") && workspace.billingOwnerId !== userId,
    },
    /** The member whose plan pays for the team; null once their account was deleted and nobody took over. */
    billingOwnerName: members.find((member) => member.userId === workspace.billingOwnerId)?.name ?? null,
    /** The roles this viewer may give (owners only by owners). */
    assignableRoles: WORKSPACE_ROLES.filter((target) => canAssignRole(role, target)),
    members: members.map((member) => ({
      ...member,
      secondsThisPeriod: usage?.secondsByMember[member.userId] ?? 0,
      you: member.userId === userId,
      billingOwner: member.userId === workspace.billingOwnerId,
      /** May this viewer change this member's role or remove them? */
      manageable: member.userId !== userId && canAssignRole(role, member.role),
      /** The member's second factors, to those who manage members; null to others. */
      secondFactors: secondFactors?.get(member.userId) ?? null,
    })),
    invitations,
    seats,
    allowance: usage?.allowance ?? null,
    /** Whether seats are billed by Stripe (the billing owner's live subscription) or granted by an administrator. */
    seatsBilledByStripe: Boolean(payer?.paymentsEnabled && payer.planSource === "STRIPE"),
  };
}

export type MembersPage = Awaited<ReturnType<typeof membersPage>>;
