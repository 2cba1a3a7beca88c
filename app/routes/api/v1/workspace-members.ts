import type { Route } from "./+types/workspace-members";
import {
  addApiMember,
  apiOperation,
  changeApiMember,
  listApiMembers,
  removeApiMember,
} from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/workspaces/:workspaceId/members (read) · POST {email, role} invites · PATCH {userId, role} ·
// DELETE ?userId= (write): ADR 035-teams
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => listApiMembers(context, params.workspaceId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) => {
  const id = params.workspaceId;
  switch (request.method) {
    case "POST":
      return apiOperation("write", (context) => addApiMember(context, id), { body: "json" })({ request, loadContext });
    case "PATCH":
      return apiOperation("write", (context) => changeApiMember(context, id), { body: "json" })({
        request,
        loadContext,
      });
    case "DELETE":
      return apiOperation("write", (context) => removeApiMember(context, id))({ request, loadContext });
    default:
      return methodNotAllowed("GET, POST, PATCH, DELETE");
  }
};
