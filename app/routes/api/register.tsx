import { data } from "react-router";
import type { Route } from "./+types/register";
import { postOnly } from "~/utils/api.server";
import { readJsonBody } from "~/utils/request-body.server";
import { registerUser } from "~/utils/auth.server";
import { withRefusals } from "~/utils/refusals.server";
import { RegisterPayloadSchema } from "~/utils/registration";
import { startUserSession } from "~/utils/session.server";

// POST /api/register {email, password, firstName, lastName, hearAboutUs, industry} → the user with redirectTo.
// The email must have been verified with /api/verify-email-code first.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const payload = await readJsonBody(request, RegisterPayloadSchema);
  const user = await registerUser(payload);
  const headers = await startUserSession(user.id, request);
  return data({ ...user, redirectTo: "/plan-selection" }, { status: 201, headers });
});
