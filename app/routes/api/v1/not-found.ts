import { problem } from "~/modules/developers/problems.server";

// Any other /api/v1 path: a problem, not the site's HTML 404 page.
const notFound = ({ request }: { request: Request }) =>
  problem(404, "There is no such API endpoint. See /api/v1/openapi.json.", { instance: new URL(request.url).pathname });
export const loader = notFound;
export const action = notFound;
