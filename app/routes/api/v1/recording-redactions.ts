import type { Route } from "./+types/recording-redactions";
import { apiOperation } from "~/modules/developers/v1.server";
import { listApiRedactions, postApiRedactions } from "~/modules/developers/redaction-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId/redactions (read) · POST (write): ADR 048
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => listApiRedactions(context, params.recordingId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => postApiRedactions(context, params.recordingId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("GET, POST");
