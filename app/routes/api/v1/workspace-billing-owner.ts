import type { Route } from "./+types/workspace-billing-owner";
import { apiOperation, postApiBillingOwner } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/workspaces/:workspaceId/billing-owner (write): the key's account takes over paying for the team
// (ADR 035-teams, "Handing billing over").
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => postApiBillingOwner(context, params.workspaceId))({ request, loadContext })
    : methodNotAllowed("POST");
