import type { Route } from "./+types/recording-verify";
import { apiOperation } from "~/modules/developers/v1.server";
import { verifyApiRecording } from "~/modules/developers/record-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId/verify (read): ADR 045
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => verifyApiRecording(context, params.recordingId))({ request, loadContext });
export const action = () => methodNotAllowed("GET");
