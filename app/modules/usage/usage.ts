// How transcription time is counted and shown (client-safe). Plans are sold in minutes per month; usage is
// measured and charged by the second.
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

/** Seconds a recording of this length costs: its decoded length rounded up to the next whole second. */
export function secondsFor(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds - 1e-6));
}

/** 289 → "4 min 49 s"; 300 → "5 min"; 49 → "49 s"; 0 → "0 s". Abbreviations: the same in singular and plural. */
export function formatUsage(totalSeconds: number): string {
  const total = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return `${seconds} s`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** 1 → "1 minute"; 5 → "5 minutes". */
export const formatMinutes = (minutes: number) => countOf(minutes, "minute");

/** Minutes reset every calendar month, or every week of a weekly subscription. */
export type UsagePeriodUnit = "month" | "week";

/** What the allowance summaries need (see Allowance in usage.server.ts). */
interface AllowanceSummary {
  planName: string;
  minutesPerMonth: number | null;
  periodUnit: UsagePeriodUnit;
  resetsOn: Date;
  secondsUsed: number;
  secondsReserved: number;
  secondsLeft: number | null;
}

/** "4 min 49 s left this month" (or "this week" on a weekly subscription), or "Unlimited minutes". */
export function allowanceLeft(allowance: AllowanceSummary): string {
  return allowance.secondsLeft === null
    ? "Unlimited minutes"
    : `${formatUsage(allowance.secondsLeft)} left this ${allowance.periodUnit}`;
}

/** The dashboard's sentence: what is left of the plan's minutes, and what running transcriptions hold. */
export function describeAllowance(allowance: AllowanceSummary): string {
  const { planName, minutesPerMonth, periodUnit, resetsOn, secondsUsed, secondsReserved, secondsLeft } = allowance;
  if (secondsLeft === null || minutesPerMonth === null) {
    return `Unlimited transcription on ${planName}; ${formatUsage(secondsUsed)} used this ${periodUnit}.`;
  }
  const held = secondsReserved > 0 ? ` ${formatUsage(secondsReserved)} is held for transcriptions in progress.` : "";
  const reset = ` Your minutes reset on ${formatDate(resetsOn, "date")}.`;
  return `${allowanceLeft(allowance)} on the ${planName} plan (${formatMinutes(minutesPerMonth)} a ${periodUnit}).${held}${reset}`;
}
