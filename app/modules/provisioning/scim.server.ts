// SCIM 2.0 Users and Groups of one team workspace (RFC 7643/7644, ADR 042): what the workspace's identity provider
// (Okta, Entra ID) creates, updates, deactivates and deletes. Every function takes the caller's token, whose workspace
// is the only one it ever reads or writes: each query names `caller.workspaceId`.
//
// The rules (ADR 042):
// - A SCIM User is a `ScimUser` row; its `id` is that row's, not the account's. Every current member is a SCIM User
//   (linked lazily, by address), so an identity provider that matches by `userName eq` finds people who joined by
//   invitation.
// - Creating a user makes an account (no password: they sign in by SSO or set one through "forgot password") with the
//   workspace's default role, taking a seat. An address that already has an account outside the workspace is refused
//   (409): nobody is pulled into a workspace without saying yes; they accept an invitation and are then linked.
// - `active: false` removes the membership row (so every door sees no member), keeps the role to give back, ends the
//   account's sessions and revokes the API keys they made in this workspace. `active: true` takes a seat again.
// - DELETE removes the membership and the SCIM User; the account and its personal workspace stay.
// - Owners are never made, demoted, deactivated or deleted by SCIM (403): owners are managed by owners, in Voxlate.
// - Groups may carry a role (set on the provisioning page): a member gets the highest role of their groups; someone
//   SCIM created gets the default role when no group carries one; someone linked keeps their role until a group gives one.
import type { Prisma, WorkspaceRole } from "~/generated/prisma/client";
import { type AuditEventInput, type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import type { AuditAction } from "~/modules/audit/actions";
import { db } from "~/modules/platform/database.server";
import { ExpectedError, type RefusalStatus } from "~/modules/platform/refusals.server";
import { seatCount } from "~/modules/workspaces/seats.server";
import { requireTeamWorkspace, withWorkspaceLocked } from "~/modules/workspaces/team-workspaces.server";
import { countOf } from "~/utils/plural";
import { PROVISIONED_ROLES, type ProvisionedRole } from "./provisioning-forms";
import { type ScimCaller, scimBaseUrl } from "./scim-tokens.server";

type Tx = Prisma.TransactionClient;

export const SCIM_SCHEMAS = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  list: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patch: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
} as const;

/** RFC 7644 section 3.12's scimType values this server uses. */
export type ScimType =
  "invalidFilter" | "uniqueness" | "mutability" | "invalidSyntax" | "invalidValue" | "invalidPath" | "noTarget";

/** A refusal in SCIM's words: its status, the scimType where RFC 7644 has one, and a sentence for the admin. */
export class ScimError extends ExpectedError {
  constructor(
    status: RefusalStatus,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message, status);
  }
}

const OWNER_REFUSAL =
  "This person is an owner of the workspace: owners are made, demoted and removed by another owner in Voxlate, never by provisioning.";
const notFound = (kind: "User" | "Group", id: string) => new ScimError(404, `${kind} ${id} not found.`);

/** Highest first: a member in several groups gets the highest role any of them carries. */
const ROLE_RANK: Record<ProvisionedRole, number> = { ADMIN: 4, REVIEWER: 3, MEMBER: 2, VIEWER: 1 };
const isProvisionedRole = (role: WorkspaceRole | null | undefined): role is ProvisionedRole =>
  !!role && (PROVISIONED_ROLES as readonly string[]).includes(role);

// ---- Audit --------------------------------------------------------------------------------------------------------

/** An entry whose actor is the identity provider: no account, the token's name in the detail (the log shows it). */
function scimAudit(
  caller: ScimCaller,
  source: AuditSource,
  action: AuditAction,
  target: AuditEventInput["target"],
  detail: AuditEventInput["detail"] = {},
) {
  return recordAudit({
    ...source,
    action,
    actorId: null,
    workspaceId: caller.workspaceId,
    target,
    detail: { scimToken: caller.name, ...detail },
  });
}

// ---- Shapes -------------------------------------------------------------------------------------------------------

const USER_SELECT = {
  id: true,
  userId: true,
  externalId: true,
  createdAccount: true,
  deactivatedAt: true,
  suspendedRole: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { email: true, firstName: true, lastName: true } },
  groups: { select: { group: { select: { id: true, displayName: true } } } },
} as const;
type ScimUserRow = Prisma.ScimUserGetPayload<{ select: typeof USER_SELECT }>;

const GROUP_SELECT = {
  id: true,
  displayName: true,
  externalId: true,
  createdAt: true,
  updatedAt: true,
  members: { select: { scimUser: { select: { id: true, user: { select: { email: true } } } } } },
} as const;
type ScimGroupRow = Prisma.ScimGroupGetPayload<{ select: typeof GROUP_SELECT }>;

export const userLocation = (id: string) => `${scimBaseUrl()}/Users/${id}`;
export const groupLocation = (id: string) => `${scimBaseUrl()}/Groups/${id}`;

/** A SCIM User resource (RFC 7643 section 4.1). */
export function userResource(row: ScimUserRow) {
  const { email, firstName, lastName } = row.user;
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: email,
    name: { givenName: firstName, familyName: lastName, formatted: `${firstName} ${lastName}`.trim() },
    displayName: `${firstName} ${lastName}`.trim() || email,
    emails: [{ value: email, type: "work", primary: true }],
    active: row.deactivatedAt === null,
    groups: row.groups.map(({ group }) => ({
      value: group.id,
      display: group.displayName,
      $ref: groupLocation(group.id),
    })),
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: userLocation(row.id),
    },
  };
}

/** A SCIM Group resource (RFC 7643 section 4.2); `excludedAttributes=members` leaves the members out. */
export function groupResource(row: ScimGroupRow, { withMembers = true } = {}) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(withMembers
      ? {
          members: row.members.map(({ scimUser }) => ({
            value: scimUser.id,
            display: scimUser.user.email,
            $ref: userLocation(scimUser.id),
          })),
        }
      : {}),
    meta: {
      resourceType: "Group",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: groupLocation(row.id),
    },
  };
}

// ---- Filters and pages --------------------------------------------------------------------------------------------

/** `attribute eq "value"`: the one filter form Okta and Entra ID send for matching (RFC 7644 section 3.4.2.2). */
export interface ScimFilter {
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w.]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/** Parses a filter the resource supports, or refuses it (400 invalidFilter) with the ones it does. */
export function parseFilter(filter: string | null, supported: readonly string[]): ScimFilter | null {
  if (filter === null || filter.trim() === "") return null;
  const match = FILTER.exec(filter);
  const attribute = supported.find((name) => name.toLowerCase() === match?.[1]?.toLowerCase());
  if (!match || !attribute)
    throw new ScimError(
      400,
      `This filter is not supported. Use ${supported.map((name) => `${name} eq "…"`).join(", or ")}.`,
      "invalidFilter",
    );
  return { attribute, value: match[2]!.replace(/\\(.)/g, "$1") };
}

export const USER_FILTERS = ["userName", "externalId", "id"] as const;
export const GROUP_FILTERS = ["displayName", "externalId", "id"] as const;
export const MAX_PAGE = 200;

export interface Page {
  /** 1-based, as SCIM counts. */
  startIndex: number;
  count: number;
}

export function listResponse(resources: unknown[], total: number, page: Page) {
  return {
    schemas: [SCIM_SCHEMAS.list],
    totalResults: total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

// ---- Users --------------------------------------------------------------------------------------------------------

/**
 * Makes every current member a SCIM User (linked by address: the identity provider can then match them), and forgets
 * SCIM Users whose membership ended outside SCIM (they left or were removed on the members page) unless deactivated.
 */
async function linkMembers(workspaceId: string) {
  const database = await db();
  const [members, linked] = await Promise.all([
    database.workspaceMember.findMany({ where: { workspaceId }, select: { userId: true } }),
    database.scimUser.findMany({ where: { workspaceId }, select: { userId: true, deactivatedAt: true } }),
  ]);
  const memberIds = new Set(members.map((member) => member.userId));
  const linkedIds = new Set(linked.map((row) => row.userId));
  const unlinked = [...memberIds].filter((userId) => !linkedIds.has(userId));
  if (unlinked.length > 0)
    await database.scimUser.createMany({
      data: unlinked.map((userId) => ({ workspaceId, userId })),
      skipDuplicates: true,
    });
  const gone = linked.filter((row) => row.deactivatedAt === null && !memberIds.has(row.userId));
  if (gone.length > 0)
    await database.scimUser.deleteMany({
      where: { workspaceId, deactivatedAt: null, userId: { in: gone.map((row) => row.userId) } },
    });
}

function userWhere(workspaceId: string, filter: ScimFilter | null): Prisma.ScimUserWhereInput {
  if (!filter) return { workspaceId };
  switch (filter.attribute) {
    case "userName":
      return { workspaceId, user: { email: { equals: filter.value, mode: "insensitive" } } };
    case "externalId":
      return { workspaceId, externalId: filter.value };
    default:
      return { workspaceId, id: filter.value };
  }
}

export async function listUsers(caller: ScimCaller, filter: ScimFilter | null, page: Page) {
  await linkMembers(caller.workspaceId);
  const database = await db();
  const where = userWhere(caller.workspaceId, filter);
  const [total, rows] = await Promise.all([
    database.scimUser.count({ where }),
    database.scimUser.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: page.startIndex - 1,
      take: page.count,
      select: USER_SELECT,
    }),
  ]);
  return listResponse(rows.map(userResource), total, page);
}

async function findUser(client: Tx | Awaited<ReturnType<typeof db>>, caller: ScimCaller, id: string) {
  const row = await client.scimUser.findFirst({ where: { id, workspaceId: caller.workspaceId }, select: USER_SELECT });
  if (!row) throw notFound("User", id);
  return row;
}

export async function getUser(caller: ScimCaller, id: string) {
  await linkMembers(caller.workspaceId);
  return userResource(await findUser(await db(), caller, id));
}

/** What a POST, PUT or PATCH asks of a user, already read from SCIM's shapes (scim-http.server.ts). */
export interface UserChanges {
  email?: string;
  givenName?: string;
  familyName?: string;
  externalId?: string | null;
  active?: boolean;
}

async function refuseTakenExternalId(caller: ScimCaller, externalId: string | null | undefined, exceptId?: string) {
  if (!externalId) return;
  const taken = await (
    await db()
  ).scimUser.findFirst({
    where: { workspaceId: caller.workspaceId, externalId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw new ScimError(409, `Another user of this workspace has externalId ${externalId}.`, "uniqueness");
}

async function refuseFullWorkspace(tx: Tx, workspaceId: string) {
  const seats = await seatCount(tx, workspaceId);
  if (seats.free > 0) return;
  const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
  throw new ScimError(
    409,
    `Every seat in ${workspace.name} is taken (${seats.used} of ${countOf(seats.total, "seat")}): an owner adds seats on the workspace's members page in Voxlate, then this person can be provisioned.`,
  );
}

/**
 * The highest role the person's groups give; else, with `orDefault`, the default for someone SCIM created; else null
 * (keep the role they have).
 */
async function roleFromGroups(tx: Tx, scimUserId: string, { orDefault = true } = {}): Promise<ProvisionedRole | null> {
  const row = await tx.scimUser.findUniqueOrThrow({
    where: { id: scimUserId },
    select: {
      createdAccount: true,
      groups: { select: { group: { select: { role: true } } } },
      workspace: { select: { defaultMemberRole: true } },
    },
  });
  const roles = row.groups.map(({ group }) => group.role).filter(isProvisionedRole);
  if (roles.length > 0) return roles.sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0]!;
  if (orDefault && row.createdAccount && isProvisionedRole(row.workspace.defaultMemberRole))
    return row.workspace.defaultMemberRole;
  return null;
}

/**
 * Gives each person the role their groups decide (never touching an owner). A deactivated person's role to restore is
 * updated instead. Returns who changed, for the audit trail.
 */
async function applyGroupRoles(workspaceId: string, scimUserIds: string[]) {
  const changed: { userId: string; email: string; from: WorkspaceRole; to: WorkspaceRole }[] = [];
  for (const scimUserId of new Set(scimUserIds)) {
    await withWorkspaceLocked(workspaceId, async (tx) => {
      const target = await roleFromGroups(tx, scimUserId);
      if (!target) return;
      const row = await tx.scimUser.findUniqueOrThrow({
        where: { id: scimUserId },
        select: { userId: true, deactivatedAt: true, user: { select: { email: true } } },
      });
      if (row.deactivatedAt) {
        await tx.scimUser.update({ where: { id: scimUserId }, data: { suspendedRole: target } });
        return;
      }
      const key = { workspaceId_userId: { workspaceId, userId: row.userId } };
      const member = await tx.workspaceMember.findUnique({ where: key, select: { role: true } });
      if (!member || member.role === "OWNER" || member.role === target) return;
      await tx.workspaceMember.update({ where: key, data: { role: target } });
      changed.push({ userId: row.userId, email: row.user.email, from: member.role, to: target });
    });
  }
  return changed;
}

type RoleChanges = Awaited<ReturnType<typeof applyGroupRoles>>;

const roleChangeEntry = (change: RoleChanges[number]) => ({
  target: { kind: "member" as const, id: change.userId, label: change.email },
  detail: { from: change.from.toLowerCase(), to: change.to.toLowerCase(), byGroups: true },
});

/** Applies the groups' roles to `scimUserIds` and records each change with the token as the actor. */
async function applyAndAuditRoles(caller: ScimCaller, source: AuditSource, scimUserIds: string[]) {
  for (const change of await applyGroupRoles(caller.workspaceId, scimUserIds)) {
    const { target, detail } = roleChangeEntry(change);
    await scimAudit(caller, source, "member.role-changed", target, detail);
  }
}

/** POST /Users: a new account and membership (or a refusal: the address is taken, no seat, a taken externalId). */
export async function createUser(caller: ScimCaller, input: UserChanges & { email: string }, source: AuditSource = {}) {
  const database = await db();
  const email = input.email.toLowerCase();
  const existing = await database.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    const key = { workspaceId_userId: { workspaceId: caller.workspaceId, userId: existing.id } };
    const [linked, member] = await Promise.all([
      database.scimUser.findUnique({ where: key, select: { id: true } }),
      database.workspaceMember.findUnique({ where: key, select: { role: true } }),
    ]);
    if (linked || member)
      throw new ScimError(409, `A user with userName ${email} already exists in this workspace.`, "uniqueness");
    throw new ScimError(
      409,
      `${email} already has a Voxlate account outside this workspace, and provisioning never adds an existing account without its consent: invite them from the workspace's members page; once they accept, provisioning links them by this address.`,
      "uniqueness",
    );
  }
  await refuseTakenExternalId(caller, input.externalId);
  const active = input.active ?? true;
  const row = await withWorkspaceLocked(caller.workspaceId, async (tx) => {
    const workspace = await tx.workspace.findUniqueOrThrow({
      where: { id: caller.workspaceId },
      select: { defaultMemberRole: true },
    });
    const role = isProvisionedRole(workspace.defaultMemberRole) ? workspace.defaultMemberRole : "MEMBER";
    if (active) await refuseFullWorkspace(tx, caller.workspaceId);
    const user = await tx.user.create({
      // No password and no verified address: they sign in by SSO, or prove the inbox through "forgot password".
      data: { email, firstName: input.givenName ?? "", lastName: input.familyName ?? "", passwordHash: null },
      select: { id: true },
    });
    if (active) await tx.workspaceMember.create({ data: { workspaceId: caller.workspaceId, userId: user.id, role } });
    return tx.scimUser.create({
      data: {
        workspaceId: caller.workspaceId,
        userId: user.id,
        externalId: input.externalId ?? null,
        createdAccount: true,
        deactivatedAt: active ? null : new Date(),
        suspendedRole: active ? null : role,
      },
      select: USER_SELECT,
    });
  });
  await scimAudit(caller, source, "scim.user-created", { kind: "member", id: row.userId, label: email }, { active });
  return userResource(row);
}

/**
 * Ends a person's access to the workspace at once: the membership row goes (every door then sees no member), the
 * role is kept to give back, every session of the account ends (a session is not per workspace) and the API keys
 * they made in this workspace are revoked (they would stop anyway while the membership is gone; revoked, they stay
 * stopped after a reactivation).
 */
async function offboard(tx: Tx, caller: ScimCaller, userId: string) {
  const key = { workspaceId_userId: { workspaceId: caller.workspaceId, userId } };
  const member = await tx.workspaceMember.findUnique({ where: key, select: { role: true } });
  if (member?.role === "OWNER") throw new ScimError(403, OWNER_REFUSAL);
  if (member) await tx.workspaceMember.delete({ where: key });
  const sessions = await tx.session.deleteMany({ where: { userId } });
  const apiKeys = await tx.apiKey.updateMany({
    where: { userId, workspaceId: caller.workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return { role: member?.role ?? null, sessionsEnded: sessions.count, apiKeysRevoked: apiKeys.count };
}

async function setActive(caller: ScimCaller, row: ScimUserRow, active: boolean, source: AuditSource) {
  const target = { kind: "member" as const, id: row.userId, label: row.user.email };
  if (!active) {
    if (row.deactivatedAt) return;
    const done = await withWorkspaceLocked(caller.workspaceId, async (tx) => {
      const result = await offboard(tx, caller, row.userId);
      await tx.scimUser.update({
        where: { id: row.id },
        data: { deactivatedAt: new Date(), suspendedRole: result.role ?? row.suspendedRole },
      });
      return result;
    });
    await scimAudit(caller, source, "scim.user-deactivated", target, {
      sessionsEnded: done.sessionsEnded,
      apiKeysRevoked: done.apiKeysRevoked,
    });
    return;
  }
  if (!row.deactivatedAt) return;
  const role = await withWorkspaceLocked(caller.workspaceId, async (tx) => {
    await refuseFullWorkspace(tx, caller.workspaceId);
    const fromGroups = await roleFromGroups(tx, row.id, { orDefault: false });
    const workspace = await tx.workspace.findUniqueOrThrow({
      where: { id: caller.workspaceId },
      select: { defaultMemberRole: true },
    });
    const restored = fromGroups ?? (isProvisionedRole(row.suspendedRole) ? row.suspendedRole : null);
    const role = restored ?? (isProvisionedRole(workspace.defaultMemberRole) ? workspace.defaultMemberRole : "MEMBER");
    await tx.workspaceMember.create({ data: { workspaceId: caller.workspaceId, userId: row.userId, role } });
    await tx.scimUser.update({ where: { id: row.id }, data: { deactivatedAt: null, suspendedRole: null } });
    return role;
  });
  await scimAudit(caller, source, "scim.user-reactivated", target, { role: role.toLowerCase() });
}

/** PUT or PATCH /Users/{id}: names, externalId and `active`. The address is the person's sign-in: never changed here. */
export async function updateUser(caller: ScimCaller, id: string, changes: UserChanges, source: AuditSource = {}) {
  const database = await db();
  await linkMembers(caller.workspaceId);
  const row = await findUser(database, caller, id);
  if (changes.email !== undefined && changes.email.toLowerCase() !== row.user.email.toLowerCase())
    throw new ScimError(
      400,
      `userName is the person's sign-in address (${row.user.email}) and is not changed by provisioning: they change it on their account page.`,
      "mutability",
    );
  const updated: string[] = [];
  if (changes.externalId !== undefined && changes.externalId !== row.externalId) {
    await refuseTakenExternalId(caller, changes.externalId, row.id);
    await database.scimUser.update({ where: { id: row.id }, data: { externalId: changes.externalId } });
    updated.push("externalId");
  }
  // Names of an account provisioning made; a person who signed up on their own keeps the name they chose.
  if (row.createdAccount) {
    const names: { firstName?: string; lastName?: string } = {};
    if (changes.givenName !== undefined && changes.givenName !== row.user.firstName)
      names.firstName = changes.givenName;
    if (changes.familyName !== undefined && changes.familyName !== row.user.lastName)
      names.lastName = changes.familyName;
    if (Object.keys(names).length > 0) {
      await database.user.update({ where: { id: row.userId }, data: names });
      updated.push("name");
    }
  }
  if (updated.length > 0)
    await scimAudit(
      caller,
      source,
      "scim.user-updated",
      { kind: "member", id: row.userId, label: row.user.email },
      {
        changed: updated.join(" "),
      },
    );
  if (changes.active !== undefined) await setActive(caller, row, changes.active, source);
  return userResource(await findUser(database, caller, id));
}

/** DELETE /Users/{id}: the membership and the SCIM User go, with the same offboarding as a deactivation. */
export async function deleteUser(caller: ScimCaller, id: string, source: AuditSource = {}) {
  await linkMembers(caller.workspaceId);
  const row = await findUser(await db(), caller, id);
  const done = await withWorkspaceLocked(caller.workspaceId, async (tx) => {
    const result = await offboard(tx, caller, row.userId);
    await tx.scimUser.delete({ where: { id: row.id } });
    return result;
  });
  await scimAudit(
    caller,
    source,
    "scim.user-deleted",
    { kind: "member", id: row.userId, label: row.user.email },
    {
      sessionsEnded: done.sessionsEnded,
      apiKeysRevoked: done.apiKeysRevoked,
    },
  );
}

// ---- Groups -------------------------------------------------------------------------------------------------------

function groupWhere(workspaceId: string, filter: ScimFilter | null): Prisma.ScimGroupWhereInput {
  if (!filter) return { workspaceId };
  switch (filter.attribute) {
    case "displayName":
      return { workspaceId, displayName: { equals: filter.value, mode: "insensitive" } };
    case "externalId":
      return { workspaceId, externalId: filter.value };
    default:
      return { workspaceId, id: filter.value };
  }
}

export async function listGroups(caller: ScimCaller, filter: ScimFilter | null, page: Page, withMembers: boolean) {
  const database = await db();
  const where = groupWhere(caller.workspaceId, filter);
  const [total, rows] = await Promise.all([
    database.scimGroup.count({ where }),
    database.scimGroup.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: page.startIndex - 1,
      take: page.count,
      select: GROUP_SELECT,
    }),
  ]);
  return listResponse(
    rows.map((row) => groupResource(row, { withMembers })),
    total,
    page,
  );
}

async function findGroup(caller: ScimCaller, id: string) {
  const row = await (
    await db()
  ).scimGroup.findFirst({ where: { id, workspaceId: caller.workspaceId }, select: GROUP_SELECT });
  if (!row) throw notFound("Group", id);
  return row;
}

export async function getGroup(caller: ScimCaller, id: string, withMembers = true) {
  return groupResource(await findGroup(caller, id), { withMembers });
}

/** Member ids a group write names: each must be a SCIM User of this workspace (another workspace's is unknown here). */
async function requireUserIds(caller: ScimCaller, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  await linkMembers(caller.workspaceId);
  const found = await (
    await db()
  ).scimUser.findMany({ where: { workspaceId: caller.workspaceId, id: { in: unique } }, select: { id: true } });
  const known = new Set(found.map((row) => row.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new ScimError(400, `No user of this workspace has the id ${missing.slice(0, 3).join(", ")}.`, "invalidValue");
  return unique;
}

async function refuseTakenDisplayName(caller: ScimCaller, displayName: string, exceptId?: string) {
  const taken = await (
    await db()
  ).scimGroup.findFirst({
    where: {
      workspaceId: caller.workspaceId,
      displayName: { equals: displayName, mode: "insensitive" },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true },
  });
  if (taken) throw new ScimError(409, `A group named ${displayName} already exists.`, "uniqueness");
}

export interface GroupChanges {
  displayName?: string;
  externalId?: string | null;
  /** The whole member list (POST, PUT, a replace of `members`). */
  members?: string[];
  add?: string[];
  remove?: string[];
  /** A remove of `members` with no value: everyone. */
  removeAll?: boolean;
}

export async function createGroup(
  caller: ScimCaller,
  input: { displayName: string; externalId?: string | null; members?: string[] },
  source: AuditSource = {},
) {
  await refuseTakenDisplayName(caller, input.displayName);
  const members = await requireUserIds(caller, input.members ?? []);
  const group = await (
    await db()
  ).scimGroup.create({
    data: {
      workspaceId: caller.workspaceId,
      displayName: input.displayName,
      externalId: input.externalId ?? null,
      members: { create: members.map((scimUserId) => ({ scimUserId })) },
    },
    select: { id: true },
  });
  await scimAudit(
    caller,
    source,
    "scim.group-created",
    { kind: "group", id: group.id, label: input.displayName },
    {
      members: members.length,
    },
  );
  // A new group carries no role yet (an admin gives it one on the provisioning page): only the default can apply.
  await applyAndAuditRoles(caller, source, members);
  return getGroup(caller, group.id);
}

export async function updateGroup(caller: ScimCaller, id: string, changes: GroupChanges, source: AuditSource = {}) {
  const group = await findGroup(caller, id);
  const database = await db();
  const data: Prisma.ScimGroupUpdateInput = {};
  if (changes.displayName !== undefined && changes.displayName !== group.displayName) {
    await refuseTakenDisplayName(caller, changes.displayName, id);
    data.displayName = changes.displayName;
  }
  if (changes.externalId !== undefined) data.externalId = changes.externalId;
  const before = new Set(group.members.map(({ scimUser }) => scimUser.id));
  let after = new Set(before);
  if (changes.removeAll) after = new Set();
  if (changes.members) after = new Set(await requireUserIds(caller, changes.members));
  for (const userId of await requireUserIds(caller, changes.add ?? [])) after.add(userId);
  for (const userId of changes.remove ?? []) after.delete(userId);
  const added = [...after].filter((userId) => !before.has(userId));
  const removed = [...before].filter((userId) => !after.has(userId));
  await database.$transaction([
    database.scimGroup.update({ where: { id }, data: { ...data, updatedAt: new Date() } }),
    database.scimGroupMember.deleteMany({ where: { groupId: id, scimUserId: { in: removed } } }),
    database.scimGroupMember.createMany({
      data: added.map((scimUserId) => ({ groupId: id, scimUserId })),
      skipDuplicates: true,
    }),
  ]);
  if (Object.keys(data).length > 0 || added.length > 0 || removed.length > 0)
    await scimAudit(
      caller,
      source,
      "scim.group-updated",
      { kind: "group", id, label: (data.displayName as string | undefined) ?? group.displayName },
      { added: added.length, removed: removed.length, ...(data.displayName ? { renamed: true } : {}) },
    );
  await applyAndAuditRoles(caller, source, [...added, ...removed]);
  return getGroup(caller, id);
}

export async function deleteGroup(caller: ScimCaller, id: string, source: AuditSource = {}) {
  const group = await findGroup(caller, id);
  await (await db()).scimGroup.delete({ where: { id } });
  await scimAudit(caller, source, "scim.group-deleted", { kind: "group", id, label: group.displayName });
  await applyAndAuditRoles(
    caller,
    source,
    group.members.map(({ scimUser }) => scimUser.id),
  );
}

/**
 * The provisioning page (`manage-policy`): the role a group gives its members, or null (it only lists people). Applied
 * to its members at once; recorded with the admin as the actor.
 */
export async function setGroupRole(
  actorId: string,
  workspaceId: string,
  groupId: string,
  role: ProvisionedRole | null,
  source: AuditSource = {},
) {
  await requireTeamWorkspace(actorId, workspaceId, "manage-policy");
  const database = await db();
  const group = await database.scimGroup.findFirst({
    where: { id: groupId, workspaceId },
    select: { displayName: true, members: { select: { scimUserId: true } } },
  });
  if (!group) throw new ExpectedError("That group does not exist.", 404);
  await database.scimGroup.update({ where: { id: groupId }, data: { role } });
  await recordAudit({
    ...source,
    action: "scim.group-role-changed",
    actorId,
    workspaceId,
    target: { kind: "group", id: groupId, label: group.displayName },
    detail: { role: role?.toLowerCase() ?? "none" },
  });
  const changed = await applyGroupRoles(
    workspaceId,
    group.members.map((member) => member.scimUserId),
  );
  for (const change of changed)
    await recordAudit({ ...source, action: "member.role-changed", actorId, workspaceId, ...roleChangeEntry(change) });
  return {
    id: groupId,
    displayName: group.displayName,
    role,
    members: group.members.length,
    changed: changed.length,
  };
}
