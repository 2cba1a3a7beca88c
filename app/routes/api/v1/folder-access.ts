import type { Route } from "./+types/folder-access";
import { apiOperation, getApiFolderAccess, putApiFolderAccess } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/folders/:folderId/access (read) · PUT (write): a folder's ethical wall (ADR 034-workspace).
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => getApiFolderAccess(context, params.folderId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "PUT"
    ? apiOperation("write", (context) => putApiFolderAccess(context, params.folderId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("GET, PUT");
