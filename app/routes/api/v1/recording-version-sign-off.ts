import type { Route } from "./+types/recording-version-sign-off";
import { apiOperation } from "~/modules/developers/v1.server";
import { signOffApiVersion } from "~/modules/developers/record-api.server";
import { methodNotAllowed } from "~/modules/developers/problems.server";

// POST /api/v1/recordings/:recordingId/versions/:number/sign-off (write): ADR 045
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params, context: loadContext }: Route.ActionArgs) =>
  request.method === "POST"
    ? apiOperation("write", (context) => signOffApiVersion(context, params))({ request, loadContext })
    : methodNotAllowed("POST");
