import type { Route } from "./+types/workspace-scim-tokens";
import { apiOperation, createApiScimToken, listApiScimTokens } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/workspaces/:workspaceId/scim-tokens (read) · POST {name} (write): ADR 042, owners and admins
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => listApiScimTokens(context, params.workspaceId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => createApiScimToken(context, params.workspaceId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("GET, POST");
