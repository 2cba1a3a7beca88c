// API keys for the REST API (/api/v1). A key is 32 random bytes; only its SHA-256 is stored. A slow password hash
// (argon2, scrypt) protects guessable secrets; a 256-bit random key cannot be guessed, so one SHA-256 is as safe,
// lets the key be found by an indexed lookup, and costs microseconds on every API call rather than tens of ms.
import { API_KEY_LOG_WINDOW_MS } from "~/modules/audit/actions";
import { type AuditSource, recordAudit, recordAuditOncePer } from "~/modules/audit/audit.server";
import crypto from "node:crypto";
import { db } from "~/modules/platform/database.server";
import { currentWorkspaceId, memberRole } from "~/modules/workspaces/workspaces.server";
import type { AccessScope } from "~/modules/workspaces/access.server";
import { countAccountApiRequest } from "~/modules/platform/rate-limit.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { countOf } from "~/utils/plural";
import { API_KEY_LIMIT, type ApiScope } from "./api-key-forms";

export const API_KEY_PREFIX = "vxk_";
/** Characters of the key kept in clear, to tell keys apart in the list. */
const VISIBLE_CHARACTERS = API_KEY_PREFIX.length + 8;
/** lastUsedAt is written at most this often per key, so that the API's reads stay reads. */
const LAST_USED_PRECISION_MS = 60_000;

export const hashApiKey = (key: string) => crypto.createHash("sha256").update(key).digest("hex");

/** A refusal of the API's caller: 401 without a valid key, 403 for a missing scope. */
export class ApiAuthError extends ExpectedError {}

/** Creates a key and returns it in full: the only time it is ever seen. */
export async function createApiKey(userId: string, name: string, scopes: ApiScope[], source: AuditSource = {}) {
  const database = await db();
  const active = await database.apiKey.count({ where: { userId, revokedAt: null } });
  if (active >= API_KEY_LIMIT)
    throw new ExpectedError(`You can have at most ${API_KEY_LIMIT} active keys. Revoke one first.`, 409);
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  // A key belongs to the workspace its creator is working in, and acts there with their role (ADR 034-workspace).
  const workspaceId = await currentWorkspaceId(userId);
  const row = await database.apiKey.create({
    data: { userId, workspaceId, name, scopes, prefix: key.slice(0, VISIBLE_CHARACTERS), hash: hashApiKey(key) },
    select: { id: true, name: true, prefix: true, scopes: true },
  });
  await recordAudit({
    ...source,
    action: "api-key.created",
    actorId: userId,
    workspaceId,
    target: { kind: "api-key", id: row.id, label: `${row.name} (${row.prefix}…)` },
    detail: { scopes: scopes.join(" ") },
  });
  return { ...row, key };
}

export async function listApiKeys(userId: string) {
  return (await db()).apiKey.findMany({
    where: { userId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Revokes one of the owner's keys (another user's key id is a 404). */
export async function revokeApiKey(userId: string, keyId: string, source: AuditSource = {}) {
  const database = await db();
  const { count } = await database.apiKey.updateMany({
    where: { id: keyId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new ExpectedError("That key does not exist or is already revoked.", 404);
  const key = await database.apiKey.findUniqueOrThrow({
    where: { id: keyId },
    select: { name: true, prefix: true, workspaceId: true },
  });
  await recordAudit({
    ...source,
    action: "api-key.revoked",
    actorId: userId,
    workspaceId: key.workspaceId,
    target: { kind: "api-key", id: keyId, label: `${key.name} (${key.prefix}…)` },
  });
}

/** The bearer token of the request, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The user and key behind the request's bearer key, refused with 401 (no or bad key) or 403 (scope). */
export async function authenticateApiKey(request: Request, scope: ApiScope, source: { ip?: string | null } = {}) {
  const token = bearerToken(request);
  if (!token) throw new ApiAuthError("Send your API key in the Authorization header: Bearer <key>.", 401);
  const database = await db();
  const key = await database.apiKey.findUnique({
    where: { hash: hashApiKey(token) },
    select: {
      id: true,
      userId: true,
      workspaceId: true,
      name: true,
      prefix: true,
      scopes: true,
      revokedAt: true,
      lastUsedAt: true,
    },
  });
  if (!key || key.revokedAt) throw new ApiAuthError("This API key is not valid or has been revoked.", 401);
  // A key acts in its own workspace with its creator's role there today (ADR 034-workspace): once they have left it,
  // the key is no longer valid (401, like a revoked one: nothing the caller can fix but a new key).
  const role = await memberRole(key.userId, key.workspaceId);
  if (!role)
    throw new ApiAuthError(
      "This API key no longer works: the person who created it is no longer a member of its workspace.",
      401,
    );
  if (!key.scopes.includes(scope)) throw new ApiAuthError(`This API key does not have the ${scope} scope.`, 403);
  const overBudget = await countAccountApiRequest(key.userId);
  if (overBudget) {
    const { limit, retryAfterSeconds } = overBudget;
    throw new ExpectedError(
      `Too many requests from this account: its API keys together may make ${limit} requests a minute. Please try again in ${countOf(retryAfterSeconds, "second")}.`,
      429,
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await database.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  }
  // Into the audit trail: which key, what it asked for, from where (one entry per key, method and path an hour, so
  // a script polling a recording does not fill the log).
  const { pathname } = new URL(request.url);
  await recordAuditOncePer(API_KEY_LOG_WINDOW_MS, {
    request,
    ip: source.ip,
    action: "api-key.used",
    actorId: key.userId,
    workspaceId: key.workspaceId,
    target: { kind: "api-key", id: key.id, label: `${key.name} (${key.prefix}…)` },
    detail: { method: request.method, path: pathname.slice(0, 200) },
  });
  const reader: AccessScope = { userId: key.userId, workspaceId: key.workspaceId, role };
  return { userId: key.userId, keyId: key.id, reader };
}
