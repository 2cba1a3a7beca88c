import type { Route } from "./+types/workspace-member-reset-factors";
import { apiOperation, resetApiMemberFactors } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/workspaces/:workspaceId/members/:userId/reset-factors (write): removes the member's second factors and
// ends their sessions (ADR 040-sessions).
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => resetApiMemberFactors(context, params.workspaceId, params.userId))({
        request,
        loadContext,
      })
    : methodNotAllowed("POST");
