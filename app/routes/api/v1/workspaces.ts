import type { Route } from "./+types/workspaces";
import { apiOperation, createApiWorkspace, listApiWorkspaces } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/workspaces (read) · POST /api/v1/workspaces {name} (write): ADR 035-teams
export const loader = ({ request, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", listApiWorkspaces)({ request, loadContext });
export const action = ({ request, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", createApiWorkspace, { body: "json" })({ request, loadContext })
    : methodNotAllowed("GET, POST");
