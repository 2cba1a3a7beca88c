import type { Route } from "./+types/workspace-audit-events";
import { apiOperation, listApiAuditEvents } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/workspaces/:workspaceId/audit-events?member=&action=&from=&to=&cursor=&limit= (read; owners and admins)
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => listApiAuditEvents(context, params.workspaceId))({ request, loadContext });
export const action = () => methodNotAllowed("GET");
