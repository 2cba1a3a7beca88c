// The allowance of the current usage period: what was charged since the period started plus what queued and running
// transcriptions hold. Holding (reserving) the length at queue time, under a lock on the user's row, is what keeps
// uploads sent at the same moment from passing the allowance together. The period is the paid subscription's
// current billing period (weekly or monthly, from Stripe), else the calendar month (Free, and plans granted by an
// administrator): see ADR 018 and 021.
import { planById } from "~/content/plans";
import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { db, readSql } from "~/modules/platform/database.server";
import { formatUsage, type UsagePeriodUnit } from "./usage";

type Client = PrismaClient | Prisma.TransactionClient;

/** The first moment of the current calendar month (UTC): monthly minutes reset then. */
export function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface UsagePeriod {
  start: Date;
  /** When the minutes start again. */
  end: Date;
  unit: UsagePeriodUnit;
  /** The paid billing period (true) or the calendar month. */
  billed: boolean;
}

/** Stripe statuses in which the paid period counts (the same as billing's LIVE_STATUSES). */
const PAID_STATUSES = new Set(["active", "trialing", "past_due"]);
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The billing account's columns that decide the usage period (null: no account). */
export interface BillingPeriodColumns {
  subscriptionStatus: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
}

export const BILLING_PERIOD_SELECT = {
  subscriptionStatus: true,
  currentPeriodStart: true,
  currentPeriodEnd: true,
} as const;

/** The usage period `now` falls in: the subscription's paid period while it covers now, else the calendar month. */
export async function usagePeriod(
  client: Client,
  userId: string,
  plan: string,
  now = new Date(),
): Promise<UsagePeriod> {
  const billing =
    plan === "FREE"
      ? null
      : await client.billingAccount.findUnique({ where: { userId }, select: BILLING_PERIOD_SELECT });
  return periodFrom(plan, billing, now);
}

/** The usage period, from the billing account when the caller has already read it. */
export function periodFrom(plan: string, billing: BillingPeriodColumns | null, now = new Date()): UsagePeriod {
  if (plan !== "FREE") {
    const { currentPeriodStart: start, currentPeriodEnd: end } = billing ?? {};
    if (billing?.subscriptionStatus && PAID_STATUSES.has(billing.subscriptionStatus) && start && end) {
      if (start <= now && now < end) {
        return {
          start,
          end,
          unit: end.getTime() - start.getTime() <= WEEK_MS + 3_600_000 ? "week" : "month",
          billed: true,
        };
      }
    }
  }
  const start = startOfMonth(now);
  return {
    start,
    end: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)),
    unit: "month",
    billed: false,
  };
}

/** Seconds charged since `since` (only saved transcripts are charged). */
async function secondsChargedSince(client: Client, userId: string, since: Date): Promise<number> {
  const { _sum } = await client.usageCharge.aggregate({
    where: { userId, createdAt: { gte: since } },
    _sum: { seconds: true },
  });
  return _sum.seconds ?? 0;
}

/**
 * Seconds charged since `since` and seconds held by the user's queued and running transcriptions, in one round
 * trip: every signed-in page's usage meter reads both.
 */
async function secondsUsedAndReserved(
  client: Client,
  userId: string,
  since: Date,
): Promise<{ used: number; reserved: number }> {
  const [row] = await client.$queryRaw<{ used: bigint | number | null; reserved: bigint | number | null }[]>`
    SELECT (SELECT SUM("seconds") FROM "UsageCharge" WHERE "userId" = ${userId} AND "createdAt" >= ${since}) AS "used",
           (SELECT SUM("reservedSeconds") FROM "Recording" WHERE "userId" = ${userId}) AS "reserved"`;
  return { used: Number(row?.used ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** Transcription minutes charged this usage period, for the support desk (to the hundredth: exact to the second). */
export async function minutesUsedThisMonth(userId: string, now = new Date()): Promise<number> {
  const client = await db();
  const user = await client.user.findUnique({ where: { id: userId }, select: { plan: true } });
  const period = await usagePeriod(client, userId, user?.plan ?? "FREE", now);
  return Math.round(((await secondsChargedSince(client, userId, period.start)) / 60) * 100) / 100;
}

export interface Allowance {
  planName: string;
  /** The plan's minutes for each usage period (a month, or a paid week). */
  minutesPerMonth: number | null;
  /** The usage period's unit: a weekly subscription's minutes reset every week. */
  periodUnit: UsagePeriodUnit;
  /** When the minutes start again. */
  resetsOn: Date;
  /** Charged this period. */
  secondsUsed: number;
  /** Held by queued and running transcriptions. */
  secondsReserved: number;
  /** null: unlimited. */
  secondsLeft: number | null;
}

function allowanceOf(plan: string, period: UsagePeriod, used: number, reserved: number): Allowance {
  const { name, minutesPerMonth } = planById(plan);
  return {
    planName: name,
    minutesPerMonth,
    periodUnit: period.unit,
    resetsOn: period.end,
    secondsUsed: used,
    secondsReserved: reserved,
    secondsLeft: minutesPerMonth === null ? null : Math.max(0, minutesPerMonth * 60 - used - reserved),
  };
}

async function readAllowance(client: Client, userId: string, plan: string): Promise<Allowance> {
  const period = await usagePeriod(client, userId, plan);
  const { used, reserved } = await secondsUsedAndReserved(client, userId, period.start);
  return allowanceOf(plan, period, used, reserved);
}

type Sum = bigint | number | string | null;

/**
 * The allowance and the billing account's period columns in one round trip, for the app shell on every signed-in
 * page. The charges are summed from both possible period starts (the paid period's and the month's), and
 * `periodFrom` chooses, so the rule stays in one place.
 */
export async function allowanceAndBilling(
  userId: string,
  plan: string,
  now = new Date(),
): Promise<{ allowance: Allowance; billing: BillingPeriodColumns | null }> {
  const monthStart = startOfMonth(now);
  const [row] = await readSql<
    BillingPeriodColumns & { hasAccount: boolean; usedThisMonth: Sum; usedThisPeriod: Sum; reserved: Sum }
  >(Prisma.sql`
    SELECT b."userId" IS NOT NULL AS "hasAccount",
           b."subscriptionStatus", b."currentPeriodStart", b."currentPeriodEnd",
           (SELECT SUM(c."seconds") FROM "UsageCharge" c
             WHERE c."userId" = ${userId} AND c."createdAt" >= ${monthStart}) AS "usedThisMonth",
           (SELECT SUM(c."seconds") FROM "UsageCharge" c
             WHERE c."userId" = ${userId} AND c."createdAt" >= b."currentPeriodStart") AS "usedThisPeriod",
           (SELECT SUM(r."reservedSeconds") FROM "Recording" r WHERE r."userId" = ${userId}) AS "reserved"
    FROM (SELECT 1) AS one LEFT JOIN "BillingAccount" b ON b."userId" = ${userId}`);
  const billing: BillingPeriodColumns | null = row?.hasAccount
    ? {
        subscriptionStatus: row.subscriptionStatus,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
      }
    : null;
  const period = periodFrom(plan, billing, now);
  const used = Number((period.billed ? row?.usedThisPeriod : row?.usedThisMonth) ?? 0);
  return { allowance: allowanceOf(plan, period, used, Number(row?.reserved ?? 0)), billing };
}

export async function allowanceFor(userId: string, plan: string): Promise<Allowance> {
  return readAllowance(await db(), userId, plan);
}

/** The allowance does not cover a recording; the message is written for the user. */
export class AllowanceExceededError extends Error {
  constructor(
    readonly needed: number,
    readonly allowance: Allowance,
  ) {
    super(
      `This recording needs ${formatUsage(needed)} and you have ${formatUsage(allowance.secondsLeft ?? 0)} ` +
        `left this ${allowance.periodUnit} on the ${allowance.planName} plan.`,
    );
    this.name = "AllowanceExceededError";
  }
}

/**
 * Checks that `seconds` more fit in the user's allowance and runs `hold` (which must record them in
 * Recording.reservedSeconds) in the same transaction. The user's row is locked first (FOR UPDATE), so a second
 * reservation for the same user waits for this one to commit and then counts it; PGlite runs one transaction at
 * a time anyway. Throws AllowanceExceededError when they do not fit. Given the recording's workspace, a team
 * workspace's seconds are checked against the team's pool instead, with its billing owner's row as the lock.
 */
export async function reserveSeconds<T>(
  account: string | { userId: string; workspaceId: string },
  seconds: number,
  hold: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const { userId, workspaceId } = typeof account === "string" ? { userId: account, workspaceId: null } : account;
  const check = async (tx: Prisma.TransactionClient) => {
    // A team workspace's minutes are pooled on its billing owner's plan (ADR 035-teams): their row is the lock.
    const team = workspaceId ? await teamOf(tx, workspaceId) : null;
    const payer = team?.billingOwnerId ?? userId;
    const [user] = await tx.$queryRaw<{ plan: string }[]>`SELECT "plan" FROM "User" WHERE "id" = ${payer} FOR UPDATE`;
    if (!user) throw new Error(`No user ${payer}`);
    const allowance = team
      ? await readTeamAllowance(tx, team.id, team.billingOwnerId, team.billingOwnerId ? user.plan : "FREE")
      : await readAllowance(tx, userId, user.plan);
    if (allowance.secondsLeft !== null && seconds > allowance.secondsLeft) {
      throw new AllowanceExceededError(seconds, allowance);
    }
    return hold(tx);
  };
  // Generous waits: requests for the same user queue on the row lock (or on PGlite's single connection).
  return (await db()).$transaction(check, { maxWait: 10_000, timeout: 10_000 });
}

// ---- Pooled minutes of a team workspace (ADR 035-teams) ----------------------------------------------------------

async function teamOf(client: Client, workspaceId: string) {
  const workspace = await client.workspace.findUnique({
    where: { id: workspaceId },
    select: { id: true, kind: true, billingOwnerId: true },
  });
  return workspace?.kind === "TEAM" ? workspace : null;
}

/**
 * A team's allowance: its billing owner's plan and usage period, against what the workspace's recordings were
 * charged this period (kept by the charge's `workspaceId`, so deleting a recording gives nothing back) and hold now.
 * Without a billing owner (their account was deleted) the team is on Free until an owner takes it over.
 */
async function readTeamAllowance(client: Client, workspaceId: string, ownerId: string | null, plan: string) {
  const period = ownerId ? await usagePeriod(client, ownerId, plan) : periodFrom("FREE", null);
  const [charged, held] = await Promise.all([
    client.usageCharge.aggregate({
      where: { workspaceId, createdAt: { gte: period.start } },
      _sum: { seconds: true },
    }),
    client.recording.aggregate({ where: { workspaceId }, _sum: { reservedSeconds: true } }),
  ]);
  return allowanceOf(plan, period, charged._sum.seconds ?? 0, held._sum.reservedSeconds ?? 0);
}

/**
 * A workspace's allowance and each member's charged seconds this period: the team's pool for a team workspace,
 * null for a personal one (its minutes are its owner's, as before).
 */
export async function workspaceUsage(workspaceId: string) {
  const client = await db();
  const team = await teamOf(client, workspaceId);
  if (!team) return null;
  const owner = team.billingOwnerId
    ? await client.user.findUnique({ where: { id: team.billingOwnerId }, select: { plan: true } })
    : null;
  const allowance = await readTeamAllowance(client, workspaceId, team.billingOwnerId, owner?.plan ?? "FREE");
  const periodStart = team.billingOwnerId
    ? (await usagePeriod(client, team.billingOwnerId, owner?.plan ?? "FREE")).start
    : startOfMonth();
  const rows = await client.usageCharge.groupBy({
    by: ["userId"],
    where: { workspaceId, createdAt: { gte: periodStart } },
    _sum: { seconds: true },
  });
  return {
    allowance,
    secondsByMember: Object.fromEntries(rows.map((row) => [row.userId, row._sum.seconds ?? 0])) as Record<
      string,
      number
    >,
  };
}
