import { planById } from "~/content/plans";
import { db } from "./database.server";

/** The first moment of the current calendar month (UTC): monthly minutes reset then. */
export function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whole minutes a transcript of this length costs: rounded up, at least one. */
export function minutesFor(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / 60));
}

/** Transcription minutes charged to the user this calendar month (only successful transcripts are charged). */
export async function minutesUsedThisMonth(userId: string, now = new Date()): Promise<number> {
  const { _sum } = await (await db()).usageCharge.aggregate({
    where: { userId, createdAt: { gte: startOfMonth(now) } },
    _sum: { minutes: true },
  });
  return _sum.minutes ?? 0;
}

export interface Allowance {
  planName: string;
  minutesPerMonth: number | null;
  minutesUsed: number;
  /** null: unlimited. */
  minutesLeft: number | null;
}

export async function allowanceFor(userId: string, plan: string): Promise<Allowance> {
  const { name, minutesPerMonth } = planById(plan);
  const minutesUsed = await minutesUsedThisMonth(userId);
  return {
    planName: name,
    minutesPerMonth,
    minutesUsed,
    minutesLeft: minutesPerMonth === null ? null : Math.max(0, minutesPerMonth - minutesUsed),
  };
}
