import type { Route } from "./+types/workspace-scim-group";
import { apiOperation, setApiScimGroupRole } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// PATCH /api/v1/workspaces/:workspaceId/scim-groups/:groupId {role} (write): ADR 042, owners and admins
export const loader = () => methodNotAllowed("PATCH");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "PATCH"
    ? apiOperation("write", (context) => setApiScimGroupRole(context, params.workspaceId, params.groupId), {
        body: "json",
      })({ request, loadContext })
    : methodNotAllowed("PATCH");
