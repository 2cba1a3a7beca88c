// The monthly allowance: what was charged this month plus what queued and running transcriptions hold.
// Holding (reserving) the length at queue time, under a lock on the user's row, is what keeps uploads sent at
// the same moment from passing the allowance together.
import { planById } from "~/content/plans";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { formatUsage } from "./usage";

type Client = PrismaClient | Prisma.TransactionClient;

/** The first moment of the current calendar month (UTC): monthly minutes reset then. */
export function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Seconds charged this calendar month (only saved transcripts are charged). */
async function secondsChargedThisMonth(client: Client, userId: string, now = new Date()): Promise<number> {
  const { _sum } = await client.usageCharge.aggregate({
    where: { userId, createdAt: { gte: startOfMonth(now) } },
    _sum: { seconds: true },
  });
  return _sum.seconds ?? 0;
}

/** Seconds held by the user's queued and running transcriptions. */
async function secondsReserved(client: Client, userId: string): Promise<number> {
  const { _sum } = await client.recording.aggregate({ where: { userId }, _sum: { reservedSeconds: true } });
  return _sum.reservedSeconds ?? 0;
}

/** Transcription minutes charged this month, for the support desk (to the hundredth: exact to the second). */
export async function minutesUsedThisMonth(userId: string, now = new Date()): Promise<number> {
  return Math.round(((await secondsChargedThisMonth(await db(), userId, now)) / 60) * 100) / 100;
}

export interface Allowance {
  planName: string;
  minutesPerMonth: number | null;
  /** Charged this month. */
  secondsUsed: number;
  /** Held by queued and running transcriptions. */
  secondsReserved: number;
  /** null: unlimited. */
  secondsLeft: number | null;
}

async function readAllowance(client: Client, userId: string, plan: string): Promise<Allowance> {
  const { name, minutesPerMonth } = planById(plan);
  const [used, reserved] = await Promise.all([
    secondsChargedThisMonth(client, userId),
    secondsReserved(client, userId),
  ]);
  return {
    planName: name,
    minutesPerMonth,
    secondsUsed: used,
    secondsReserved: reserved,
    secondsLeft: minutesPerMonth === null ? null : Math.max(0, minutesPerMonth * 60 - used - reserved),
  };
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
        `left this month on the ${allowance.planName} plan.`,
    );
    this.name = "AllowanceExceededError";
  }
}

/**
 * Checks that `seconds` more fit in the user's allowance and runs `hold` (which must record them in
 * Recording.reservedSeconds) in the same transaction. The user's row is locked first (FOR UPDATE), so a second
 * reservation for the same user waits for this one to commit and then counts it; PGlite runs one transaction at
 * a time anyway. Throws AllowanceExceededError when they do not fit.
 */
export async function reserveSeconds<T>(
  userId: string,
  seconds: number,
  hold: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const check = async (tx: Prisma.TransactionClient) => {
    const [user] = await tx.$queryRaw<{ plan: string }[]>`SELECT "plan" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    if (!user) throw new Error(`No user ${userId}`);
    const allowance = await readAllowance(tx, userId, user.plan);
    if (allowance.secondsLeft !== null && seconds > allowance.secondsLeft) {
      throw new AllowanceExceededError(seconds, allowance);
    }
    return hold(tx);
  };
  // Generous waits: requests for the same user queue on the row lock (or on PGlite's single connection).
  return (await db()).$transaction(check, { maxWait: 10_000, timeout: 10_000 });
}
