// The audit trail (ADR 036-audit): one append-only, hash-chained log of who did what, when, from which address and
// device. Every domain that must write calls `recordAudit`; it imports only the platform, so every domain can.
import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { getEnv } from "~/config/env.server";
import { defineJob } from "~/modules/platform/jobs.server";
import { ACCOUNT_SECURITY_ACTIONS, type AuditAction, type AuditTargetKind } from "./actions";
import type { AuditFilter } from "./audit-filters";
import { entryHash, GENESIS_HASH, personalDigest } from "./chain.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("audit");

/** Where an action came from: the request (its User-Agent), the load context (`clientIp`), or both given directly. */
export interface AuditSource {
  request?: Request;
  /** `clientIp` is the client's address as server.ts worked it out (TRUST_PROXY). */
  context?: Partial<AppLoadContext>;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
}

export interface AuditEventInput extends AuditSource {
  action: AuditAction;
  /** Who did it: null for someone not signed in (a failed sign-in, a share link's visitor). */
  actorId?: string | null;
  /** The workspace it happened in: null for what concerns the account only (sign-ins, plan, deletion). */
  workspaceId?: string | null;
  /** What it was about: the label is shown to the workspace's admins, so a title or a name, never transcript text. */
  target?: { kind: AuditTargetKind; id?: string | null; label?: string | null };
  /** A few facts (a format, a method, a count). Never transcript text. */
  detail?: Record<string, string | number | boolean | null>;
}

const MAX_LABEL = 200;
// "Device" is the User-Agent, shortened: enough to tell browsers apart, not a fingerprint.
const MAX_USER_AGENT = 300;
const MAX_DETAIL = 1000;

/** The advisory lock every append takes: one writer at a time across the app servers and the worker. */
const AUDIT_APPEND_LOCK = 36_036_036;

/** JSON with sorted keys, so the same facts always make the same text (the once-per check compares it). */
export function canonicalDetail(detail: AuditEventInput["detail"]): string | null {
  if (!detail || Object.keys(detail).length === 0) return null;
  const sorted = Object.fromEntries(Object.entries(detail).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const text = JSON.stringify(sorted);
  if (text.length > MAX_DETAIL) throw new Error(`Audit detail too long (${text.length} characters)`);
  return text;
}

function personalFields(event: AuditEventInput) {
  const ip = event.ip ?? event.context?.clientIp ?? null;
  const userAgent = event.userAgent ?? event.request?.headers.get("User-Agent") ?? null;
  return {
    salt: crypto.randomBytes(16).toString("hex"),
    actorId: event.actorId ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label?.slice(0, MAX_LABEL) ?? null,
    ipAddress: ip?.slice(0, 64) ?? null,
    userAgent: userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    detail: canonicalDetail(event.detail),
  };
}

/**
 * Appends one entry and returns its sequence number. Appends are serialised by a transaction-scoped advisory lock,
 * so the head read and the insert of one append never interleave with another's, in any process; `seq` being the
 * primary key would refuse a second entry with the same number even so.
 */
export async function appendAuditEvent(event: AuditEventInput): Promise<{ seq: number; hash: string }> {
  const personal = personalFields(event);
  const digest = personalDigest(personal);
  const database = await db();
  return database.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_APPEND_LOCK})`;
      const [head] = await tx.$queryRaw<{ seq: number; hash: string }[]>`
        SELECT "seq", "hash" FROM "AuditEvent" ORDER BY "seq" DESC LIMIT 1`;
      const seq = Number(head?.seq ?? 0) + 1;
      // Taken under the lock, so that times follow the sequence (unless the caller gives one).
      const createdAt = event.at ?? new Date();
      const prevHash = head?.hash ?? GENESIS_HASH;
      const chained = {
        seq,
        createdAt,
        workspaceId: event.workspaceId ?? null,
        action: event.action,
        targetKind: event.target?.kind ?? null,
        personalDigest: digest,
      };
      const hash = entryHash(prevHash, chained);
      await tx.auditEvent.create({ data: { ...chained, ...personal, prevHash, hash } });
      return { seq, hash };
    },
    // Many requests may append at once, and PGlite runs one transaction at a time: wait for a turn.
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/**
 * Records one entry. A failure to record is reported and swallowed: it must not undo what was done (the failure is
 * in the server's log, and `npm run audit:verify` still finds the chain whole, since nothing was written).
 */
export async function recordAudit(event: AuditEventInput): Promise<void> {
  try {
    await appendAuditEvent(event);
  } catch (error) {
    log.error({ err: error }, `could not record ${event.action}`);
  }
}

/** What each process recorded last, by actor, action, target and detail: repeats within the window skip the database. */
const recentlyRecorded = new Map<string, number>();
const RECENTLY_RECORDED_MAX = 10_000;

/**
 * Like recordAudit, but at most one entry per actor, action, target and detail within `windowMs`: for what happens
 * many times an hour (an API key's calls, reloading a transcript). Checked in this process first, then in the
 * database, so that other processes do not record it again either.
 */
export async function recordAuditOncePer(windowMs: number, event: AuditEventInput): Promise<void> {
  const now = event.at?.getTime() ?? Date.now();
  const actorId = event.actorId ?? null;
  const targetId = event.target?.id ?? null;
  const detail = canonicalDetail(event.detail);
  const key = [actorId, event.action, targetId, detail].join("\n");
  const last = recentlyRecorded.get(key);
  if (last !== undefined && now - last < windowMs) return;
  if (recentlyRecorded.size >= RECENTLY_RECORDED_MAX) recentlyRecorded.clear();
  recentlyRecorded.set(key, now);
  try {
    const recorded = await (
      await db()
    ).auditEvent.findFirst({
      where: { actorId, action: event.action, targetId, detail, createdAt: { gt: new Date(now - windowMs) } },
      select: { seq: true },
    });
    if (recorded) return;
  } catch (error) {
    log.error({ err: error }, `could not check ${event.action}`);
    return;
  }
  await recordAudit(event);
}

// ---- Reading ------------------------------------------------------------------------------------------------------

const EVENT_SELECT = {
  seq: true,
  createdAt: true,
  actorId: true,
  workspaceId: true,
  action: true,
  targetKind: true,
  targetId: true,
  targetLabel: true,
  ipAddress: true,
  userAgent: true,
  detail: true,
  erasedAt: true,
  hash: true,
} as const;

export type AuditEventRow = Prisma.AuditEventGetPayload<{ select: typeof EVENT_SELECT }>;

export const PERSONAL_LOG_PAGE_SIZE = 50;

/**
 * The personal view of the log (/data-privacy, ADR 029's access log): what the user did, the failed sign-ins against
 * their account, and the views of their personal workspace's share links.
 */
export async function personalAuditLog(
  userId: string,
  options: { personalWorkspaceId?: string | null; take?: number } = {},
): Promise<AuditEventRow[]> {
  const or: Prisma.AuditEventWhereInput[] = [{ actorId: userId }, { action: "sign-in.failed", targetId: userId }];
  if (options.personalWorkspaceId) or.push({ action: "share-link.viewed", workspaceId: options.personalWorkspaceId });
  return (await db()).auditEvent.findMany({
    where: { OR: or },
    orderBy: { seq: "desc" },
    take: options.take ?? PERSONAL_LOG_PAGE_SIZE,
    select: EVENT_SELECT,
  });
}

/** Every entry the user is the actor of, oldest first: for the data export. */
export async function auditEventsOf(userId: string): Promise<AuditEventRow[]> {
  return (await db()).auditEvent.findMany({
    where: { actorId: userId },
    orderBy: { seq: "asc" },
    select: EVENT_SELECT,
  });
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A workspace's entries: those recorded in it, and its members' account events (sign-ins, sign-outs, second factors:
 * recorded once with no workspace) since each joined, failed sign-ins against them included (ADR 040-sessions).
 */
async function workspaceWhere(workspaceId: string, filter: AuditFilter): Promise<Prisma.AuditEventWhereInput> {
  const members = await (
    await db()
  ).workspaceMember.findMany({ where: { workspaceId }, select: { userId: true, createdAt: true } });
  const accountEvents: Prisma.AuditEventWhereInput[] = members.map(({ userId, createdAt }) => ({
    workspaceId: null,
    action: { in: [...ACCOUNT_SECURITY_ACTIONS] },
    createdAt: { gte: createdAt },
    OR: [{ actorId: userId }, { action: "sign-in.failed", targetId: userId }],
  }));
  return {
    OR: [{ workspaceId }, ...accountEvents],
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: filter.from } : {}),
            ...(filter.to ? { lt: new Date(filter.to.getTime() + DAY_MS) } : {}),
          },
        }
      : {}),
  };
}

/**
 * One page of a workspace's log, newest first: entries older than `before` (a sequence number: the cursor), and the
 * cursor of the next page when there is one.
 */
export async function workspaceAuditEvents(
  workspaceId: string,
  filter: AuditFilter,
  page: { before?: number | null; take: number },
): Promise<{ events: AuditEventRow[]; nextBefore: number | null }> {
  const rows = await (
    await db()
  ).auditEvent.findMany({
    where: { ...(await workspaceWhere(workspaceId, filter)), ...(page.before ? { seq: { lt: page.before } } : {}) },
    orderBy: { seq: "desc" },
    take: page.take + 1,
    select: EVENT_SELECT,
  });
  const events = rows.slice(0, page.take);
  return { events, nextBefore: rows.length > page.take ? events.at(-1)!.seq : null };
}

/** Every entry of a workspace's log that matches, newest first, a batch at a time: for the CSV. */
export async function* allWorkspaceAuditEvents(workspaceId: string, filter: AuditFilter, batch = 500) {
  let before: number | null = null;
  do {
    const page = await workspaceAuditEvents(workspaceId, filter, { before, take: batch });
    yield* page.events;
    before = page.nextBefore;
  } while (before !== null);
}

/** The people who appear as actors in a workspace's log (members past and present), for the filter and the names. */
export async function auditActors(workspaceId: string) {
  const database = await db();
  const rows = await database.auditEvent.findMany({
    where: { workspaceId, actorId: { not: null } },
    distinct: ["actorId"],
    select: { actorId: true },
  });
  const users = await database.user.findMany({
    where: { id: { in: rows.map((row) => row.actorId!) } },
    select: { id: true, email: true, firstName: true, lastName: true },
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }],
  });
  return users.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }));
}

// ---- Erasure ------------------------------------------------------------------------------------------------------

/**
 * An account's deletion (GDPR): every personal field of the entries it did, the entries about it (by id, or by its
 * address: failed sign-ins from before it existed, an invitation sent to it), and everything in its personal workspace
 * is set to null. The hashes cover
 * a digest of those fields, so the chain still checks; the trigger allows this update and no other. Returns how many
 * entries were erased.
 */
export async function eraseAuditPersonalData(account: {
  userId: string;
  email: string;
  personalWorkspaceId?: string | null;
}): Promise<number> {
  const or: Prisma.AuditEventWhereInput[] = [
    { actorId: account.userId },
    { targetId: account.userId },
    // Failed sign-ins against the address, and entries that name it (an invitation sent to it, a member's label).
    { targetLabel: { equals: account.email, mode: "insensitive" } },
  ];
  if (account.personalWorkspaceId) or.push({ workspaceId: account.personalWorkspaceId });
  return erasePersonalFields({ erasedAt: null, OR: or });
}

/**
 * Every personal field of the entries `where` selects set to null, as the append-only trigger allows and nothing else:
 * the hashes cover their digest, so the chain still checks.
 */
async function erasePersonalFields(where: Prisma.AuditEventWhereInput): Promise<number> {
  const { count } = await (
    await db()
  ).auditEvent.updateMany({
    where,
    data: {
      salt: null,
      actorId: null,
      targetId: null,
      targetLabel: null,
      ipAddress: null,
      userAgent: null,
      detail: null,
      erasedAt: new Date(),
    },
  });
  return count;
}

/**
 * The retention of the trail's details (AUDIT_DETAIL_RETENTION_DAYS): entries older than that many days lose who,
 * from where and what detail, and keep their action, time and workspace in the chain. Returns how many it erased.
 */
export async function expireAuditDetails(
  now = new Date(),
  days = getEnv().AUDIT_DETAIL_RETENTION_DAYS,
): Promise<number> {
  if (days === undefined) return 0;
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return erasePersonalFields({ erasedAt: null, createdAt: { lt: before } });
}

export const expireAuditDetailsJob = defineJob({
  queue: "expire-audit-details",
  policy: { retryLimit: 2 },
  schedule: "41 4 * * *",
  work: async () => ({ erased: await expireAuditDetails() }),
});
