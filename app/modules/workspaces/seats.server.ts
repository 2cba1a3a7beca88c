// Seats of a team workspace (ADR 035-teams, issue 32 item 4). Members hold seats; pending invitations do not (an
// invitation nobody accepts would otherwise block a seat for a week), so accepting is where a seat is taken, and
// refused when none is free. With Stripe, the seats are the quantity of the billing owner's subscription item
// (prorated); without it, an administrator grants them (`npm run plan:set -- --workspace <id|name> --seats N`).
import { loggerFor } from "~/config/logger.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import type { Prisma } from "~/generated/prisma/client";
import { billSeatQuantity, paymentsEnabled } from "~/modules/billing/billing.server";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { featureRefusal } from "~/modules/billing/plan-features";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { requireTeamWorkspace, withWorkspaceLocked } from "./team-workspaces.server";
import { WorkspaceError } from "./workspaces.server";

type Client = Prisma.TransactionClient | Awaited<ReturnType<typeof db>>;

/** Seats held (members) and bought. */
export async function seatCount(client: Client, workspaceId: string) {
  const [workspace, used] = await Promise.all([
    client.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { seats: true } }),
    client.workspaceMember.count({ where: { workspaceId } }),
  ]);
  return { used, total: workspace.seats, free: Math.max(0, workspace.seats - used) };
}

const fewerThanMembers = (used: number) =>
  new ExpectedError(
    `${used} member${used === 1 ? " holds a seat" : "s hold seats"}: remove members before going below ${used}.`,
    409,
  );

/**
 * Sets the seats of a team workspace (`manage-billing`, and only by the billing owner, whose subscription pays).
 * Stripe is asked first; the count changes only once it has billed the new quantity: the sum of the seats of every
 * team workspace this account pays for, the one subscription carrying them all.
 */
export async function setSeats(actorId: string, workspaceId: string, seats: number, source: AuditSource = {}) {
  const { workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-billing");
  if (workspace.billingOwnerId !== actorId)
    throw new WorkspaceError("Only the owner whose plan pays for this workspace can change its seats.", 403);
  const database = await db();
  const { used, total } = await seatCount(database, workspaceId);
  if (seats < used) throw fewerThanMembers(used);
  if (seats === total) return { seats, used };
  await billSeatQuantity(actorId, (await otherBilledSeats(actorId, workspaceId)) + seats);
  await database.workspace.update({ where: { id: workspaceId }, data: { seats } });
  await recordAudit({
    ...source,
    action: "seats.changed",
    actorId,
    workspaceId,
    target: { kind: "workspace", id: workspaceId, label: workspace.name },
    detail: { from: total, to: seats },
  });
  return { seats, used };
}

/** The seats of every team `userId` pays for, but `except`'s: the rest of their subscription's quantity. */
async function otherBilledSeats(userId: string, except: string) {
  const { _sum } = await (
    await db()
  ).workspace.aggregate({
    where: { billingOwnerId: userId, kind: "TEAM", id: { not: except } },
    _sum: { seats: true },
  });
  return _sum.seats ?? 0;
}

/** Are this account's seats billed on a Stripe subscription (not granted by an administrator)? */
async function billedByStripe(userId: string) {
  if (!paymentsEnabled()) return false;
  const user = await (await db()).user.findUnique({ where: { id: userId }, select: { planSource: true } });
  return user !== null && user.planSource !== "MANUAL";
}

/**
 * Another owner takes over paying for a team (ADR 035-teams, "Handing billing over"): their plan pools the team's
 * minutes and, with Stripe, their subscription carries its seats from now on (prorated). The new payer is billed
 * first, so that no moment leaves the seats unpaid; then the previous payer's quantity drops by the team's seats.
 * Also how a team whose paying owner deleted their account (billingOwnerId null) gets a payer again.
 */
export async function takeOverBilling(actorId: string, workspaceId: string, source: AuditSource = {}) {
  const { workspace } = await requireTeamWorkspace(actorId, workspaceId, "manage-billing");
  const previous = workspace.billingOwnerId;
  if (previous === actorId) return { billingOwnerId: actorId, changed: false };
  if (!(await accountIncludes(actorId, "teams"))) throw new WorkspaceError(featureRefusal("teams"), 403);
  if (await billedByStripe(actorId))
    await billSeatQuantity(actorId, (await otherBilledSeats(actorId, workspaceId)) + workspace.seats);
  await (await db()).workspace.update({ where: { id: workspaceId }, data: { billingOwnerId: actorId } });
  await recordAudit({
    ...source,
    action: "billing.owner-changed",
    actorId,
    workspaceId,
    target: { kind: "workspace", id: workspaceId, label: workspace.name },
    detail: { from: previous, to: actorId, seats: workspace.seats },
  });
  if (previous && (await billedByStripe(previous)))
    // The plan itself stays one seat: a subscription with no team left bills the plan alone.
    await billSeatQuantity(previous, Math.max(1, await otherBilledSeats(previous, workspaceId))).catch((error) => {
      // Their subscription may have ended; the handover stands, and their invoices show what Stripe billed.
      loggerFor("billing").error({ err: error, workspaceId }, "lowering the previous payer's seats failed");
    });
  return { billingOwnerId: actorId, changed: true };
}

/** `npm run plan:set -- --workspace <id|name> --seats N`: an administrator grants seats on a server without Stripe. */
export async function grantSeats(workspace: string, seats: number) {
  const database = await db();
  const matches = await database.workspace.findMany({
    where: { kind: "TEAM", OR: [{ id: workspace }, { name: workspace }] },
    select: { id: true, name: true },
    take: 2,
  });
  if (matches.length === 0) throw new ExpectedError(`No team workspace has the id or name ${workspace}.`, 404);
  if (matches.length > 1)
    throw new ExpectedError(`More than one team workspace is named ${workspace}: use its id.`, 409);
  const [{ id, name }] = matches;
  return withWorkspaceLocked(id, async (tx) => {
    const used = await tx.workspaceMember.count({ where: { workspaceId: id } });
    if (seats < used) throw fewerThanMembers(used);
    await tx.workspace.update({ where: { id }, data: { seats } });
    return { id, name, seats, used };
  });
}

/** Seats held and bought, for a caller that has checked the workspace already. */
export const workspaceSeats = async (workspaceId: string) => seatCount(await db(), workspaceId);

/** The team workspaces the account pays for, with their seats: for the account page's billing section. */
export async function billedTeams(userId: string) {
  const rows = await (
    await db()
  ).workspace.findMany({
    where: { billingOwnerId: userId, kind: "TEAM" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, seats: true, _count: { select: { members: true } } },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, seats: row.seats, used: row._count.members }));
}
