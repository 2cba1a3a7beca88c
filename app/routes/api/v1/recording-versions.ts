import type { Route } from "./+types/recording-versions";
import { apiOperation } from "~/modules/developers/v1.server";
import { listApiVersions, saveApiVersion } from "~/modules/developers/record-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId/versions (read) · POST (write): ADR 045
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => listApiVersions(context, params.recordingId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => saveApiVersion(context, params.recordingId))({ request, loadContext })
    : methodNotAllowed("GET, POST");
