import type { Route } from "./+types/workspace-policies";
import { apiOperation, getApiPolicies, patchApiPolicies } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/workspaces/:workspaceId/policies (read) · PATCH {twoFactorRequired} (write): owners and admins of the
// key's own workspace (ADR 040-sessions).
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => getApiPolicies(context, params.workspaceId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "PATCH"
    ? apiOperation("write", (context) => patchApiPolicies(context, params.workspaceId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("GET, PATCH");
