// The account page's billing section: the plan and its renewal, "Manage billing" (Stripe's Customer Portal), the
// 7-day money-back guarantee, and the invoices on Stripe's hosted pages. Its forms post to /api/billing/*.
import { Link } from "react-router";
import { countOf } from "~/utils/plural";
import { BillingForm, ManageBillingButton } from "~/components/app-shell/billing-form";
import { planById } from "~/content/plans";
import type { AccountBilling } from "~/modules/billing/billing.server";
import { formatDate } from "~/utils/dates";

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

function planLine(billing: AccountBilling): string {
  const plan = planById(billing.plan);
  if (billing.planSource === "MANUAL") {
    return billing.planUntil
      ? `${plan.name}, granted by an administrator until ${formatDate(billing.planUntil, "date")}.`
      : `${plan.name}, granted by an administrator.`;
  }
  if (billing.planSource !== "STRIPE" || !billing.currentPeriodEnd) return `${plan.name}.`;
  const period = billing.period === "weekly" ? "weekly" : "monthly";
  if (billing.cancelAtPeriodEnd) {
    return `${plan.name} (${period}), cancelled: it stays until ${formatDate(billing.currentPeriodEnd, "date")}, then the account moves to Free and keeps every recording.`;
  }
  return `${plan.name} (${period}), renews on ${formatDate(billing.currentPeriodEnd, "date")}.`;
}

/** A team workspace this account pays for (ADR 035-teams): its seats, and where its members' usage is. */
interface BilledTeam {
  id: string;
  name: string;
  seats: number;
  used: number;
}

export function BillingSection({ billing, teams = [] }: { billing: AccountBilling; teams?: BilledTeam[] }) {
  return (
    <section id="billing" aria-label="Plan and billing" className="scroll-mt-20 rounded-xl border border-slate-200 p-6">
      <h2 className="text-lg font-semibold">Plan and billing</h2>
      <p className="mt-1 text-sm text-slate-700">{planLine(billing)}</p>
      {billing.pastDue ? (
        <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Your last payment failed. Stripe will try again; update your card in Manage billing to keep your plan.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {billing.canManage ? <ManageBillingButton className="w-fit" /> : null}
        {billing.paymentsEnabled ? null : (
          <p className="text-sm text-slate-600">Payments are not set up on this server.</p>
        )}
      </div>
      {teams.length > 0 ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold">Team seats</h3>
          <p className="mt-1 text-sm text-slate-600">
            The team workspaces your plan pays for. Each member holds a seat; their minutes come from your plan.
          </p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
            {teams.map((team) => (
              <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="break-words">
                  {team.name}: {team.used} of {countOf(team.seats, "seat")} used
                </span>
                <Link to={`/workspaces/${team.id}/members`} className="text-brand-700 underline">
                  Seats and usage per member<span className="sr-only"> of {team.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {billing.refundableUntil ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold">7-day money-back guarantee</h3>
          <p className="mt-1 text-sm text-slate-600">
            Until {formatDate(billing.refundableUntil, "dateTime")} you can have your first payment refunded in full.
            The subscription ends at once and the account moves to Free, keeping every recording.
          </p>
          <div className="mt-3">
            <BillingForm action="/api/billing/refund" label="Request a refund" className="w-fit" />
          </div>
        </div>
      ) : null}
      {billing.invoices.length > 0 || billing.invoicesFailed ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold">Invoices and receipts</h3>
          {billing.invoicesFailed ? (
            <p className="mt-1 text-sm text-slate-600">Invoices could not be loaded just now. Reload to try again.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 text-sm">
              {billing.invoices.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {formatDate(invoice.created, "date")} · {money(invoice.amount, invoice.currency)} ·{" "}
                    {invoice.status ?? "unknown"}
                  </span>
                  {invoice.url ? (
                    <a href={invoice.url} className="font-semibold text-brand-700 hover:underline">
                      {invoice.number ? `Invoice ${invoice.number}` : "Invoice"}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
