// The workspace's audit log page (ADR 036-audit): owners and admins (`view-audit-log`) read it, filtered and a page
// at a time; the CSV route streams the same filters.
import { AuditPageQuerySchema, auditFilter } from "~/modules/audit/audit-filters";
import { auditActors, workspaceAuditEvents } from "~/modules/audit/audit.server";
import { requireWorkspaceAction, workspaceSummary } from "~/modules/workspaces/workspaces.server";

const AUDIT_PAGE_SIZE = 50;

function scimTokenOf(detail: string | null): string | null {
  if (!detail) return null;
  try {
    const token = (JSON.parse(detail) as { scimToken?: unknown }).scimToken;
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}

/** Who an entry's actor was, as the page and the CSV name them. */
function actorName(
  event: { actorId: string | null; erasedAt: Date | null; detail: string | null },
  actors: Map<string, { name: string; email: string }>,
) {
  if (event.actorId) {
    const actor = actors.get(event.actorId);
    return actor ? `${actor.name} (${actor.email})` : "A former member";
  }
  if (event.erasedAt) return "A deleted account";
  // What the identity provider did carries its token's name (ADR 042).
  const token = scimTokenOf(event.detail);
  return token ? `Identity provider (SCIM token ${token})` : "Someone not signed in";
}

export async function loadWorkspaceAudit(userId: string, workspaceId: string, params: URLSearchParams) {
  await requireWorkspaceAction(userId, workspaceId, "view-audit-log");
  const workspace = (await workspaceSummary(workspaceId))!;
  const actors = await auditActors(workspaceId);
  const raw = Object.fromEntries(params);
  const query = AuditPageQuerySchema.safeParse(raw);
  const members = actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` }));
  if (!query.success) {
    // A bad filter is answered on the page, beside its field, with nothing listed: 400, never a 500.
    const errors: Record<string, string[]> = {};
    for (const issue of query.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return {
      status: 400 as const,
      pageSize: AUDIT_PAGE_SIZE,
      workspace,
      members,
      filters: raw,
      errors,
      events: [],
      nextBefore: null,
      csvQuery: "",
    };
  }
  const { before, ...filters } = query.data;
  const page = await workspaceAuditEvents(workspaceId, auditFilter(filters), { before, take: AUDIT_PAGE_SIZE });
  const byId = new Map(actors.map((actor) => [actor.id, actor]));
  const csvQuery = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ).toString();
  return {
    status: 200 as const,
    pageSize: AUDIT_PAGE_SIZE,
    workspace,
    members,
    filters: raw,
    errors: {} as Record<string, string[]>,
    events: page.events.map(({ hash: _hash, ...event }) => ({ ...event, actor: actorName(event, byId) })),
    nextBefore: page.nextBefore,
    csvQuery,
  };
}
