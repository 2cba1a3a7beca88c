import type { Route } from "./+types/recording-caption";
import { apiOperation, getApiCaption, putApiCaption } from "~/modules/developers/v1.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId/caption (read) · PUT (write): the court-ready export's caption (ADR 046).
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => getApiCaption(context, params.recordingId))({ request, loadContext });
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "PUT"
    ? apiOperation("write", (context) => putApiCaption(context, params.recordingId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("GET, PUT");
