import type { Route } from "./+types/recording-summary";
import { apiOperation, summariseApiRecording } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/recordings/:recordingId/summary (write, Business Pro)
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => summariseApiRecording(context, params.recordingId))({ request, loadContext })
    : methodNotAllowed("POST");
