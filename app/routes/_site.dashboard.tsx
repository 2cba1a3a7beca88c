import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.dashboard";
import { PageHeader, pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { PLANS } from "~/content/plans";
import { db } from "~/utils/database.server";
import { requireUserId } from "~/utils/session.server";

export const meta: Route.MetaFunction = () => pageMeta("Dashboard", "Your recordings and transcripts.");

export async function loader({ request }: Route.LoaderArgs) {
  const userId = await requireUserId(request);
  const user = await (await db()).user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, plan: true },
  });
  const plan = PLANS.find((candidate) => candidate.id === user.plan) ?? PLANS[0];
  return { firstName: user.firstName, planName: plan.name, minutesPerMonth: plan.minutesPerMonth };
}

export default function Dashboard() {
  const { firstName, planName, minutesPerMonth } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        eyebrow="Dashboard"
        title={`Welcome, ${firstName}`}
        lead={`You are on the ${planName} plan${minutesPerMonth ? ` with ${minutesPerMonth} minutes of transcription a month` : " with unlimited transcription"}.`}
      />
      <section className="mx-auto max-w-4xl px-4 py-12">
        <div className="rounded-xl border-2 border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-lg font-semibold">No recordings yet</h2>
          <p className="mt-2 text-slate-600">Your uploads and live recordings will be listed here with their transcripts.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/recordings" className={buttonClass("secondary")}>
              All recordings
            </Link>
            <Link to="/account" className={buttonClass("ghost")}>
              Account settings
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
