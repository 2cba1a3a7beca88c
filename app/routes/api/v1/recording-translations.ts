import type { Route } from "./+types/recording-translations";
import { apiOperation, translateApiRecording } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/recordings/:recordingId/translations { language } (write)
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => translateApiRecording(context, params.recordingId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("POST");
