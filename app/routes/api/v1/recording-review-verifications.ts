import type { Route } from "./+types/recording-review-verifications";
import { apiOperation } from "~/modules/developers/v1.server";
import { verifyApiSegments } from "~/modules/developers/record-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/recordings/:recordingId/review/verifications (write): ADR 045
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => verifyApiSegments(context, params.recordingId), { body: "json" })({
        request,
        loadContext,
      })
    : methodNotAllowed("POST");
