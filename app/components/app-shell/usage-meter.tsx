import { Link } from "react-router";
import { formatMinutes, formatUsage } from "~/modules/usage/usage";
import { formatDate } from "~/utils/dates";

/** What the meter needs of the allowance (Allowance in usage.server.ts). */
export interface UsageMeterAllowance {
  planName: string;
  minutesPerMonth: number | null;
  periodUnit: "month" | "week";
  secondsUsed: number;
  secondsReserved: number;
  secondsLeft: number | null;
}

/**
 * The plan, the minutes used and left this usage period (a bar and the figures), when they reset (the paid period's
 * end, or the first of next month on Free), and the way to more minutes.
 */
export function UsageMeter({
  allowance,
  canUpgrade,
  resetsOn,
}: {
  allowance: UsageMeterAllowance;
  canUpgrade: boolean;
  resetsOn: Date;
}) {
  const { planName, minutesPerMonth, periodUnit, secondsUsed, secondsReserved, secondsLeft } = allowance;
  const limit = minutesPerMonth === null ? null : minutesPerMonth * 60;
  const share = (seconds: number) => (limit ? `${Math.min(100, (seconds / limit) * 100)}%` : "0%");
  return (
    <section aria-label="Minutes this month" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{planName} plan</p>
        <Link
          to="/plan-selection"
          className="text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          {canUpgrade ? "Upgrade" : "Change plan"}
        </Link>
      </div>
      {limit === null ? null : (
        // The figures below say the same in words; the bar is for the eye.
        <div aria-hidden="true" className="mt-3 flex h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-brand-600" style={{ width: share(secondsUsed) }} />
          <div className="h-full bg-brand-200" style={{ width: share(secondsReserved) }} />
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{formatUsage(secondsUsed)}</span> used
        {secondsLeft === null ? null : (
          <>
            {" · "}
            <span className="font-semibold text-slate-900">{formatUsage(secondsLeft)}</span> left
          </>
        )}
      </p>
      {secondsReserved > 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          {formatUsage(secondsReserved)} held for transcriptions in progress
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">
        {minutesPerMonth === null
          ? "Unlimited minutes"
          : `${formatMinutes(minutesPerMonth)} a ${periodUnit} · resets ${formatDate(resetsOn, "dayMonth")}`}
      </p>
    </section>
  );
}
