import { useLoaderData } from "react-router";
import type { Route } from "./+types/_site.plan-selection";
import { PageHeader, pageMeta } from "~/components/page";
import { Pricing } from "~/components/pricing";
import { parseBillingPeriod } from "~/content/plans";
import { getUserId } from "~/utils/session.server";

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose your plan", "Free, Premium or Business Pro: weekly or monthly, cancel anytime.");

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    signedIn: Boolean(await getUserId(request)),
    billing: parseBillingPeriod(url.searchParams.get("billing")),
    path: url.pathname,
  };
}

export default function PlanSelection() {
  const { signedIn, billing, path } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Plans"
        title="Choose your plan"
        lead="Start free with 5 minutes a month, or pick a plan with more minutes. Cancel anytime and keep your data."
      />
      <section id="pricing" className="py-12">
        <Pricing period={billing} basePath={path} ctaTo={signedIn ? "/dashboard" : "/signup"} />
      </section>
    </>
  );
}
