import { Pricing } from "~/components/pricing";
import type { BillingPeriod } from "~/content/plans";

export function PricingSection({ billing }: { billing: BillingPeriod }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50 py-20">
      <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
        Simple pricing
      </h2>
      <p className="mt-3 px-4 text-center text-slate-600">Limited-time pricing: lock in today's price.</p>
      <div className="mt-10">
        <Pricing period={billing} basePath="/" />
      </div>
    </section>
  );
}
