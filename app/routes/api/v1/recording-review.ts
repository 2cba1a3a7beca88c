import type { Route } from "./+types/recording-review";
import { apiOperation } from "~/modules/developers/v1.server";
import { getApiReview } from "~/modules/developers/record-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// GET /api/v1/recordings/:recordingId/review (read): ADR 045
export const loader = ({ request, params, context: loadContext }: Route.LoaderArgs) =>
  apiOperation("read", (context) => getApiReview(context, params.recordingId))({ request, loadContext });
export const action = () => methodNotAllowed("GET");
