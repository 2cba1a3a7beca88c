import { openApiDocument } from "~/modules/developers/openapi.server";
import { appOrigin } from "~/config/env.server";

// GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, public (the docs page at /developers renders it).
export const loader = () =>
  Response.json(openApiDocument(appOrigin()), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
