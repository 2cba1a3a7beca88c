import type { Route } from "./+types/workspace-seats";
import { apiOperation, putApiSeats } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// PUT /api/v1/workspaces/:workspaceId/seats {seats} (write): the team's billing owner sets its seats (ADR 035-teams).
// They are read with the members (GET …/members answers `seats`).
export const loader = () => methodNotAllowed("PUT");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "PUT"
    ? apiOperation("write", (context) => putApiSeats(context, params.workspaceId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("PUT");
