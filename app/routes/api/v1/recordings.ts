import type { Route } from "./+types/recordings";
import { apiOperation, listApiRecordings, uploadApiRecording } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings?status=&q=&page=&perPage= (read) · POST /api/v1/recordings, multipart upload (write)
export const loader = ({ request, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", listApiRecordings)({ request, loadContext });
export const action = ({ request, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", uploadApiRecording, { body: "stream" })({ request, loadContext })
    : methodNotAllowed("GET, POST");
