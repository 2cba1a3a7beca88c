// SCIM tokens and the provisioning settings of a team workspace (ADR 042). A token is 32 random bytes shown once; only
// its SHA-256 is stored (a 256-bit random secret cannot be guessed, so one fast hash is as safe as a slow one and lets
// every SCIM call find it by an indexed lookup). A token reaches its own workspace and nothing else.
import crypto from "node:crypto";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { appOrigin, getEnv } from "~/config/env.server";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { bumpCounter } from "~/modules/platform/rate-limit-store.server";
import { requireTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import {
  type ProvisionedRole,
  SCIM_TOKEN_LIMIT,
  type ScimSettings,
  ScimSettingsSchema,
  type ScimSettingsUpdate,
} from "./provisioning-forms";

export const SCIM_TOKEN_PREFIX = "vxs_";
const VISIBLE_CHARACTERS = SCIM_TOKEN_PREFIX.length + 8;
const LAST_USED_PRECISION_MS = 60_000;
export const SCIM_BASE_PATH = "/scim/v2";

/**
 * Calls per token and minute. Generous: Okta and Entra ID push a whole directory in bursts (Entra's first cycle can be
 * thousands of users); this only stops a leaked token being used as a battering ram.
 */
export const SCIM_TOKEN_RATE = { windowMs: 60_000, limit: 1200 };

export const hashScimToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The key of a token's rate-limit counter (rate_limit_counters). */
export const scimRateKey = (tokenId: string) => `scim-token:${tokenId}`;

/** A SCIM call refused before it reaches a resource (401 token, 429 rate). */
export class ScimAuthError extends ExpectedError {}

/** The address an identity provider is given: the SCIM base URL. */
export const scimBaseUrl = () => `${appOrigin()}${SCIM_BASE_PATH}`;

/** The workspace's provisioning settings, for the page and for /api/v1/workspaces/{id}/policies (its `scim`). */
export async function getScimSettings(workspaceId: string): Promise<ScimSettings> {
  const database = await db();
  const [workspace, tokens, groups] = await Promise.all([
    database.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { defaultMemberRole: true } }),
    database.scimToken.findMany({
      where: { workspaceId },
      orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    }),
    database.scimGroup.findMany({
      where: { workspaceId },
      orderBy: { displayName: "asc" },
      select: { id: true, displayName: true, role: true, _count: { select: { members: true } } },
    }),
  ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return ScimSettingsSchema.parse({
    enabled: tokens.some((token) => !token.revokedAt),
    baseUrl: scimBaseUrl(),
    // OWNER is never a default (the form and the API refuse it), but the column is the shared role enum.
    defaultRole: workspace.defaultMemberRole === "OWNER" ? "MEMBER" : workspace.defaultMemberRole,
    tokens: tokens.map((token) => ({
      ...token,
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: iso(token.lastUsedAt),
      revokedAt: iso(token.revokedAt),
    })),
    groups: groups.map((group) => ({
      id: group.id,
      displayName: group.displayName,
      role: group.role === "OWNER" ? null : group.role,
      members: group._count.members,
    })),
  });
}

/** The provisioning page: the settings of a team workspace whose settings the user may change (`manage-policy`). */
export async function provisioningPage(userId: string, workspaceId: string) {
  const { role, workspace } = await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  return { workspace: { id: workspace.id, name: workspace.name }, role, settings: await getScimSettings(workspaceId) };
}

const tokenLabel = (token: { name: string; prefix: string }) => `${token.name} (${token.prefix}…)`;

/** Makes a token for the workspace's identity provider and returns it in full: the only time it is ever seen. */
export async function createScimToken(userId: string, workspaceId: string, name: string, source: AuditSource = {}) {
  await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  const database = await db();
  const active = await database.scimToken.count({ where: { workspaceId, revokedAt: null } });
  if (active >= SCIM_TOKEN_LIMIT)
    throw new ExpectedError(
      `A workspace can have at most ${SCIM_TOKEN_LIMIT} active SCIM tokens. Revoke one first.`,
      409,
    );
  const token = `${SCIM_TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row = await database.scimToken.create({
    data: {
      workspaceId,
      name,
      prefix: token.slice(0, VISIBLE_CHARACTERS),
      hash: hashScimToken(token),
      createdById: userId,
    },
    select: { id: true, name: true, prefix: true },
  });
  await recordAudit({
    ...source,
    action: "scim-token.created",
    actorId: userId,
    workspaceId,
    target: { kind: "scim-token", id: row.id, label: tokenLabel(row) },
  });
  return { ...row, token };
}

/** Revokes one of the workspace's tokens: the identity provider's next call is a 401. */
export async function revokeScimToken(userId: string, workspaceId: string, tokenId: string, source: AuditSource = {}) {
  await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  const database = await db();
  const { count } = await database.scimToken.updateMany({
    where: { id: tokenId, workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new ExpectedError("That token does not exist or is already revoked.", 404);
  const token = await database.scimToken.findUniqueOrThrow({
    where: { id: tokenId },
    select: { name: true, prefix: true },
  });
  await recordAudit({
    ...source,
    action: "scim-token.revoked",
    actorId: userId,
    workspaceId,
    target: { kind: "scim-token", id: tokenId, label: tokenLabel(token) },
  });
}

/** Sets the role a provisioned person gets when no group of theirs carries one. */
export async function setDefaultMemberRole(
  userId: string,
  workspaceId: string,
  role: ProvisionedRole,
  source: AuditSource = {},
) {
  const { workspace } = await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  await (await db()).workspace.update({ where: { id: workspaceId }, data: { defaultMemberRole: role } });
  await recordAudit({
    ...source,
    action: "policy.changed",
    actorId: userId,
    workspaceId,
    target: { kind: "workspace", id: workspaceId, label: workspace.name },
    detail: { policy: "provisioning default role", role: role.toLowerCase() },
  });
}

/** PATCH of the workspace's policies (`scim`): the settings that are not tokens or groups; answers the new settings. */
export async function updateScimSettings(
  userId: string,
  workspaceId: string,
  input: ScimSettingsUpdate,
  source: AuditSource = {},
): Promise<ScimSettings> {
  if (input.defaultRole) await setDefaultMemberRole(userId, workspaceId, input.defaultRole, source);
  else await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  return getScimSettings(workspaceId);
}

/** The token behind a SCIM call, with its workspace; 401 without one, 429 past its rate. */
export async function authenticateScimToken(request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!presented)
    throw new ScimAuthError("Send the workspace's SCIM token in the Authorization header: Bearer <token>.", 401);
  const database = await db();
  const token = await database.scimToken.findUnique({
    where: { hash: hashScimToken(presented) },
    select: { id: true, name: true, prefix: true, workspaceId: true, revokedAt: true, lastUsedAt: true },
  });
  if (!token || token.revokedAt) throw new ScimAuthError("This SCIM token is not valid or has been revoked.", 401);
  const now = Date.now();
  const limit = Math.ceil(SCIM_TOKEN_RATE.limit * getEnv().RATE_LIMIT_MULTIPLIER);
  // A fixed window (its end aligned to the minute): every call in it names the same expiry, so the count starts again.
  const windowEnd = (Math.floor(now / SCIM_TOKEN_RATE.windowMs) + 1) * SCIM_TOKEN_RATE.windowMs;
  const counted = await bumpCounter(scimRateKey(token.id), windowEnd, now);
  if (counted && Number(counted.points) > limit) {
    const retryAfter = Math.max(1, Math.ceil((Number(counted.expire) - now) / 1000));
    throw new ScimAuthError(
      `Too many SCIM requests with this token: it may make ${limit} a minute. Try again in ${retryAfter} seconds.`,
      429,
      { "Retry-After": String(retryAfter) },
    );
  }
  if (!token.lastUsedAt || now - token.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await database.scimToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { id: token.id, name: token.name, label: tokenLabel(token), workspaceId: token.workspaceId };
}

export type ScimCaller = Awaited<ReturnType<typeof authenticateScimToken>>;
