import type { Route } from "./+types/recording-export";
import { apiOperation, exportApiRecording } from "~/modules/developers/v1.server";

// GET /api/v1/recordings/:recordingId/export?format=pdf|docx|txt|srt|vtt|json[&language=es&text=…] (read)
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => exportApiRecording(context, params.recordingId))({ request, loadContext });
