import type { Route } from "./+types/scim.v2";
import { scimResponse } from "~/modules/provisioning/scim-http.server";

// SCIM 2.0 for a team workspace's identity provider (ADR 042): /scim/v2/Users, /Groups, /ServiceProviderConfig,
// /Schemas, /ResourceTypes, authenticated by the workspace's SCIM token. Every method is answered by the domain.
export const loader = ({ request, context }: Route.LoaderArgs) => scimResponse(request, { context });
export const action = ({ request, context }: Route.ActionArgs) => scimResponse(request, { context });
