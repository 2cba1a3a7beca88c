// Read-only share links to one transcript (issue 17, item 4). The token is 128 random bits; only its SHA-256 is
// stored, so a leaked database does not open any link. The owner sees the full link once, when it is made.
import { viewLeavingWorkspace } from "~/modules/redaction/view.server";
import crypto from "node:crypto";
import { RecordingStatus } from "~/generated/prisma/client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { appOrigin } from "~/config/env.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { mayOnRecording, RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import type { ShareExpiry } from "./share-forms";

export class ShareError extends ExpectedError {}

const TOKEN_BYTES = 16;
export const TOKEN_PREFIX_LENGTH = 6;
const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_MS: Record<ShareExpiry, number | null> = {
  "1d": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  never: null,
};

export const LINK_NOT_FOUND = "This share link does not exist. Check that it was copied in full.";
export const LINK_REVOKED = "This share link was turned off by its owner.";
export const LINK_EXPIRED = "This share link has expired.";

/** 128 random bits, URL-safe (22 characters). */
export function newShareToken(): string {
  return crypto.randomBytes(TOKEN_BYTES).toString("base64url");
}

export function hashShareToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export const shareUrl = (token: string) => `${appOrigin()}/s/${token}`;

export interface NewShareLink {
  label?: string;
  expiry: ShareExpiry;
  password?: string;
  allowDownloads?: boolean;
}

/** Makes a link to the owner's finished transcript; the token is returned this once and never stored. */
export async function createShareLink(
  userId: string,
  recordingId: string,
  input: NewShareLink,
  now = new Date(),
  source: AuditSource = {},
) {
  const recording = await requireRecording(userId, recordingId, "share");
  if (recording.status !== RecordingStatus.COMPLETED)
    throw new RecordingError("A transcript can be shared once it is ready.", 409);
  // With the workspace's redaction policy on, only a reviewed redacted version may leave it (ADR 048).
  await viewLeavingWorkspace(recording, "redacted");
  const token = newShareToken();
  const lifetime = EXPIRY_MS[input.expiry];
  const link = await (
    await db()
  ).shareLink.create({
    data: {
      recordingId,
      userId,
      workspaceId: recording.workspaceId,
      tokenHash: hashShareToken(token),
      tokenPrefix: token.slice(0, TOKEN_PREFIX_LENGTH),
      label: input.label || null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      allowDownloads: input.allowDownloads ?? false,
      expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
      createdAt: now,
    },
  });
  await recordAudit({
    ...source,
    action: "share-link.created",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "share-link", id: link.id, label: `${recording.title} (${link.tokenPrefix}…)` },
    detail: {
      expiry: input.expiry,
      password: Boolean(input.password),
      downloads: link.allowDownloads,
    },
  });
  return { id: link.id, token, url: shareUrl(token), expiresAt: link.expiresAt };
}

export type ShareLinkState = "active" | "expired" | "revoked";

function stateOf(link: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ShareLinkState {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/**
 * The recording's links, whoever in the workspace made them (so a member who may share can also see and revoke a
 * colleague's), newest first, without anything secret. None for a reader who may not share it (a viewer's page
 * shows no links).
 */
export async function listShareLinks(userId: string, recordingId: string, now = new Date()) {
  if (!(await mayOnRecording(userId, recordingId, "share"))) return [];
  const rows = await (await db()).shareLink.findMany({ where: { recordingId }, orderBy: { createdAt: "desc" } });
  return rows.map((row) => ({
    id: row.id,
    tokenPrefix: row.tokenPrefix,
    label: row.label,
    hasPassword: row.passwordHash !== null,
    allowDownloads: row.allowDownloads,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    views: row.views,
    lastViewedAt: row.lastViewedAt,
    state: stateOf(row, now),
  }));
}

export type OwnShareLink = Awaited<ReturnType<typeof listShareLinks>>[number];

/** Turns a link off for good; revoking one twice changes nothing. */
export async function revokeShareLink(
  userId: string,
  recordingId: string,
  linkId: string,
  now = new Date(),
  source: AuditSource = {},
) {
  const recording = await requireRecording(userId, recordingId, "share");
  const database = await db();
  const link = await database.shareLink.findFirst({ where: { id: linkId, recordingId } });
  if (!link) throw new ShareError("Share link not found.", 404);
  if (link.revokedAt) return;
  await database.shareLink.update({ where: { id: link.id }, data: { revokedAt: now } });
  await recordAudit({
    ...source,
    action: "share-link.revoked",
    actorId: userId,
    workspaceId: link.workspaceId,
    target: { kind: "share-link", id: link.id, label: `${recording.title} (${link.tokenPrefix}…)` },
  });
}

/**
 * The live link a token opens: 404 for an unknown token, 410 for a revoked or expired one. One door (ADR
 * 034-workspace): a link works only while its creator may still share the recording — behind a wall that no longer
 * names them, in a workspace they left, or with a role that no longer shares, it is a 404 as if it never existed.
 */
export async function requireLiveShareLink(token: string, now = new Date()) {
  // Tokens are 22 base64url characters; anything else cannot match and is not worth a query.
  const link = /^[A-Za-z0-9_-]{22}$/.test(token)
    ? await (await db()).shareLink.findUnique({ where: { tokenHash: hashShareToken(token) } })
    : null;
  if (!link) throw new ShareError(LINK_NOT_FOUND, 404);
  const state = stateOf(link, now);
  if (state === "revoked") throw new ShareError(LINK_REVOKED, 410);
  if (state === "expired") throw new ShareError(LINK_EXPIRED, 410);
  if (!(await mayOnRecording(link.userId, link.recordingId, "share"))) throw new ShareError(LINK_NOT_FOUND, 404);
  return link;
}

export type LiveShareLink = Awaited<ReturnType<typeof requireLiveShareLink>>;

/** Counts one view of the shared page, and records it in the audit trail (by whom: the visitor is not known). */
export async function recordShareView(link: LiveShareLink, title: string, source: AuditSource, now = new Date()) {
  await (await db()).shareLink.update({ where: { id: link.id }, data: { views: { increment: 1 }, lastViewedAt: now } });
  await recordShareUse(link, title, source);
}

/** A use of a share link (the page, a download), into the audit trail. */
export async function recordShareUse(
  link: LiveShareLink,
  title: string,
  source: AuditSource,
  detail?: Record<string, string>,
): Promise<void> {
  await recordAudit({
    ...source,
    action: "share-link.viewed",
    workspaceId: link.workspaceId,
    target: { kind: "share-link", id: link.id, label: `${title} (${link.tokenPrefix}…)` },
    detail,
  });
}
