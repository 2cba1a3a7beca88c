import { Link } from "react-router";
import type { Route } from "./+types/admin.status";
import { AdminErrorBoundary } from "~/components/error-boundary";
import { AdminHeader } from "~/components/admin-header";
import { pageMeta } from "~/components/page";
import { requireAdmin } from "~/modules/accounts/admin-session.server";
import { healthChecks } from "~/modules/engines/doctor.server";

// What `npm run doctor` prints, for a signed-in admin: which engine and model run, and whether each part works.
export const meta: Route.MetaFunction = () => [
  ...pageMeta("System status", "Engines, storage, email and database."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { checks: await healthChecks() };
}

const STATUS_TEXT = { ok: "OK", warn: "Warning", fail: "Failed" } as const;
const STATUS_CLASS = { ok: "text-green-800", warn: "text-amber-800", fail: "text-red-800" } as const;

export default function AdminStatus({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-1 flex-col">
      <AdminHeader title="System status">
        <Link to="/admin/chat" className="text-sm font-medium underline">
          Support console
        </Link>
      </AdminHeader>
      <main id="main" className="mx-auto w-full max-w-5xl p-4">
        <h1 className="text-2xl font-bold">System status</h1>
        <p className="mt-1 text-sm text-slate-600">The same checks as `npm run doctor`, run when this page loads.</p>
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th className="py-2 pr-4">Part</th>
              <th className="py-2 pr-4">Runs</th>
              <th className="py-2 pr-4">Status</th>
              <th className="py-2">Details</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.checks.map((check) => (
              <tr key={check.part} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {check.part}
                </th>
                <td className="py-2 pr-4">
                  {check.runs}
                  {check.location ? <span className="block break-all text-slate-500">{check.location}</span> : null}
                </td>
                <td className={`py-2 pr-4 font-semibold ${STATUS_CLASS[check.status]}`}>{STATUS_TEXT[check.status]}</td>
                <td className="py-2">{check.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
