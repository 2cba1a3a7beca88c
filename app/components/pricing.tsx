import { Link } from "react-router";
import { PERIOD_LABEL, PLANS, type BillingPeriod, type Plan } from "~/content/plans";
import { planCardLines } from "~/modules/billing/plan-features";
import { buttonClass } from "./ui/button";

/** What the plan includes, from the one table of features by plan (plan-features.ts). */
function PlanLines({ plan }: { plan: Plan }) {
  const { lead, lines } = planCardLines(plan);
  return (
    <div className="mt-6 flex-1 text-sm">
      {lead ? <p className="mb-2 font-medium text-slate-700">{lead}</p> : null}
      <ul className="space-y-2" aria-label={`${plan.name} includes`}>
        {lines.map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-600">
              ✓
            </span>
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Plans with a Weekly/Monthly switch. The switch is a pair of links (?billing=…), so it works without
 * JavaScript; with it, React Router swaps the prices without a full reload.
 */
export function Pricing({
  period,
  basePath,
  ctaTo,
  renderCta,
}: {
  period: BillingPeriod;
  basePath: string;
  ctaTo?: string;
  /** Replaces the default link, e.g. with a form button for signed-in users. */
  renderCta?: (plan: Plan) => React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4">
      <div
        role="group"
        aria-label="Billing period"
        className="mx-auto flex w-fit rounded-full border border-slate-200 bg-slate-50 p-1"
      >
        {(["weekly", "monthly"] as const).map((option) => (
          <Link
            key={option}
            to={`${basePath}?billing=${option}#pricing`}
            preventScrollReset
            replace
            aria-current={option === period ? "true" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${option === period ? "bg-white text-slate-900 shadow" : "text-slate-600"}`}
          >
            {option === "weekly" ? "Weekly" : "Monthly"}
          </Link>
        ))}
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={`relative flex flex-col rounded-2xl border p-6 ${plan.popular ? "border-brand-500 shadow-lg" : "border-slate-200"}`}
          >
            {plan.popular ? (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                Most popular
              </p>
            ) : null}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-4xl font-bold">{plan.price[period]}</span>
              {plan.id !== "FREE" ? <span className="text-slate-500">{PERIOD_LABEL[period]}</span> : null}
              {plan.originalPrice[period] ? (
                <s className="text-slate-500" aria-label={`was ${plan.originalPrice[period]}`}>
                  {plan.originalPrice[period]}
                </s>
              ) : null}
            </p>
            <PlanLines plan={plan} />
            {plan.guarantee ? (
              <p className="mt-4 text-xs text-slate-500">7-day money-back guarantee. Cancel anytime.</p>
            ) : null}
            {renderCta ? (
              renderCta(plan)
            ) : (
              <Link
                to={ctaTo ?? "/signup"}
                className={buttonClass(plan.popular ? "primary" : "secondary", "mt-6 w-full")}
              >
                {plan.cta}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
