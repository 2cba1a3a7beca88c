import type { Route } from "./+types/workspace-scim-token";
import { apiOperation, revokeApiScimToken } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// DELETE /api/v1/workspaces/:workspaceId/scim-tokens/:tokenId (write): ADR 042, owners and admins
export const loader = () => methodNotAllowed("DELETE");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "DELETE"
    ? apiOperation("write", (context) => revokeApiScimToken(context, params.workspaceId, params.tokenId))({
        request,
        loadContext,
      })
    : methodNotAllowed("DELETE");
