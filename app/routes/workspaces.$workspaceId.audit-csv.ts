import type { Route } from "./+types/workspaces.$workspaceId.audit-csv";
import { workspaceAuditCsv } from "~/modules/audit/audit-csv.server";
import { AuditFilterSchema, auditFilter } from "~/modules/audit/audit-filters";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { requireWorkspaceAction } from "~/modules/workspaces/workspaces.server";

// GET /workspaces/:workspaceId/audit.csv?member=&action=&from=&to=: the audit log with the page's filters, streamed.
// A download, not a page: refusals answer in plain text (ADR 020).
export const loader = withRefusals(
  async ({ request, params }: Route.LoaderArgs) => {
    const userId = await requireUserId(request);
    await requireWorkspaceAction(userId, params.workspaceId, "view-audit-log");
    const query = AuditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new ExpectedError(query.error.issues[0]?.message ?? "Check the filters.", 400);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(workspaceAuditCsv(params.workspaceId, auditFilter(query.data)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="voxlate-audit-log-${day}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { as: "text" },
);
