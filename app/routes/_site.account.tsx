import { useLoaderData } from "react-router";
import type { Route } from "./+types/_site.account";
import { PageHeader, pageMeta } from "~/components/page";
import { PLANS } from "~/content/plans";
import { db } from "~/utils/database.server";
import { requireUserId } from "~/utils/session.server";

export const meta: Route.MetaFunction = () => pageMeta("Account", "Your profile, plan and sessions.");

export async function loader({ request }: Route.LoaderArgs) {
  const userId = await requireUserId(request);
  const database = await db();
  const [user, sessions] = await Promise.all([
    database.user.findUniqueOrThrow({
      where: { id: userId },
      select: { firstName: true, lastName: true, email: true, industry: true, plan: true, createdAt: true },
    }),
    database.session.count({ where: { userId, expiresAt: { gt: new Date() } } }),
  ]);
  return { user, sessions, planName: PLANS.find((plan) => plan.id === user.plan)?.name ?? "Free" };
}

export default function Account() {
  const { user, sessions, planName } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Name", `${user.firstName} ${user.lastName}`],
    ["Email", user.email],
    ["Industry", user.industry ?? "Not set"],
    ["Plan", planName],
    ["Member since", new Date(user.createdAt).toLocaleDateString("en", { dateStyle: "long" })],
    ["Signed-in browsers", String(sessions)],
  ];
  return (
    <>
      <PageHeader eyebrow="Account" title="Your account" />
      <section className="mx-auto max-w-3xl px-4 py-12">
        <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 p-4 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-500">{label}</dt>
              <dd className="text-slate-900 sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
