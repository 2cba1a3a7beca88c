import type { Route } from "./+types/recording";
import { apiOperation, deleteApiRecording, getApiRecording } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId (read) · DELETE (write)
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => getApiRecording(context, params.recordingId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "DELETE"
    ? apiOperation("write", (context) => deleteApiRecording(context, params.recordingId))({ request, loadContext })
    : methodNotAllowed("GET, DELETE");
