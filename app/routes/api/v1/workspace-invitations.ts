import type { Route } from "./+types/workspace-invitations";
import { apiOperation, inviteApiMember } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/workspaces/:workspaceId/invitations {email, role} (write): ADR 035-teams
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => inviteApiMember(context, params.workspaceId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("POST");
