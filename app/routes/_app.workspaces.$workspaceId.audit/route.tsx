import { data, Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { loadWorkspaceAudit } from "./audit-page.server";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { AuditLogTable } from "~/components/audit/audit-log-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FieldErrors, FormAlert } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS } from "~/modules/audit/actions";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageMeta(
    loaded ? `Audit log · ${loaded.workspace.name}` : "Audit log",
    "Who did what in this workspace, when, and from where.",
  );

// GET /workspaces/:workspaceId/audit?member=&action=&from=&to=&before=: owners and admins only (404 to a
// non-member, 403 with a sentence to a member whose role does not allow it).
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const page = await loadWorkspaceAudit(userId, params.workspaceId, new URL(request.url).searchParams);
  return data(page, { status: page.status, headers: { "Cache-Control": "private, no-store" } });
});

const ACTION_OPTIONS = AUDIT_ACTION_NAMES.map((action) => ({ value: action, label: AUDIT_ACTIONS[action] }));

export default function WorkspaceAudit({ loaderData, params }: Route.ComponentProps) {
  const { workspace, members, filters, errors, events, nextBefore, csvQuery, status, pageSize } = loaderData;
  const base = `/workspaces/${params.workspaceId}/audit`;
  const older = nextBefore
    ? `${base}?${new URLSearchParams({ ...withoutBefore(filters), before: String(nextBefore) }).toString()}`
    : null;
  const filtered = Boolean(filters.member || filters.action || filters.from || filters.to);
  return (
    <>
      <AppPageHeader
        title="Audit log"
        description={`${workspace.name}: sign-ins, views, edits, exports, share links, deletions, role and policy changes and API key use, newest first.`}
        actions={
          status === 200 ? (
            <a
              href={`/workspaces/${params.workspaceId}/audit.csv${csvQuery ? `?${csvQuery}` : ""}`}
              className={buttonClass("secondary")}
              download
            >
              Download CSV
            </a>
          ) : null
        }
      />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <Form method="get" action={base} className="rounded-xl border border-slate-200 p-4" aria-label="Filter the log">
          {errors.form ? <FormAlert title="Check the filters">{errors.form.join(" ")}</FormAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <label htmlFor="audit-member" className="block text-sm font-medium text-slate-700">
                Member
              </label>
              <Select
                id="audit-member"
                name="member"
                options={members}
                first={{ value: "", label: "Everyone" }}
                defaultValue={filters.member ?? ""}
                aria-invalid={errors.member ? true : undefined}
                aria-describedby={errors.member ? "audit-member-error" : undefined}
              />
              <FieldErrors id="audit-member-error" errors={errors.member} />
            </div>
            <div>
              <label htmlFor="audit-action" className="block text-sm font-medium text-slate-700">
                Action
              </label>
              <Select
                id="audit-action"
                name="action"
                options={ACTION_OPTIONS}
                first={{ value: "", label: "Every action" }}
                defaultValue={filters.action ?? ""}
                aria-invalid={errors.action ? true : undefined}
                aria-describedby={errors.action ? "audit-action-error" : undefined}
              />
              <FieldErrors id="audit-action-error" errors={errors.action} />
            </div>
            <Field
              id="audit-from"
              label="From"
              name="from"
              type="date"
              defaultValue={filters.from ?? ""}
              errors={errors.from}
            />
            <Field id="audit-to" label="To" name="to" type="date" defaultValue={filters.to ?? ""} errors={errors.to} />
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass("primary")}>
              Show entries
            </button>
            {filtered ? (
              <Link to={base} className={buttonClass("secondary")}>
                Clear filters
              </Link>
            ) : null}
          </div>
        </Form>

        <section aria-labelledby="audit-entries-title" className="space-y-4">
          <h2 id="audit-entries-title" className="text-lg font-semibold">
            Entries
          </h2>
          <AuditLogTable
            entries={events}
            caption={`Audit log of ${workspace.name}, newest first`}
            empty={
              status === 400
                ? "Correct the filters to see entries."
                : filtered || filters.before
                  ? "No entries match these filters."
                  : "Nothing has been recorded in this workspace yet."
            }
          />
          <nav aria-label="Pages of the log" className="flex flex-wrap gap-2">
            {filters.before ? (
              <Link
                to={`${base}?${new URLSearchParams(withoutBefore(filters)).toString()}`}
                className={buttonClass("secondary")}
              >
                Newest entries
              </Link>
            ) : null}
            {older ? (
              <Link to={older} className={buttonClass("secondary")}>
                Older entries
              </Link>
            ) : null}
          </nav>
          <p className="text-sm text-slate-600">
            {pageSize} entries a page. Each entry carries the hash of the one before it, so a changed or removed entry
            shows when the log is checked.
          </p>
        </section>
      </div>
    </>
  );
}

function withoutBefore(filters: Record<string, string>) {
  const { before: _before, ...rest } = filters;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ""));
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
