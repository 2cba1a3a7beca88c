import type { Route } from "./+types/recordings-import";
import { apiOperation, importApiRecording } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/recordings/import { url, language, speakerLabels, speakerCount, translateTo } (write)
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", importApiRecording, { body: "json" })({ request, loadContext })
    : methodNotAllowed("POST");
