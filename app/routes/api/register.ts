import { data } from "react-router";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import type { Route } from "./+types/register";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { registerUser } from "~/modules/accounts/auth.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { RegisterPayloadSchema } from "~/modules/accounts/registration";
import { startUserSession } from "~/modules/platform/session.server";

// POST /api/register {email, password, firstName, lastName, hearAboutUs, industry} → the user with redirectTo.
// The email must have been verified with /api/verify-email-code first.
export const loader = postOnly;

export const action = withRefusals(async ({ request, context }: Route.ActionArgs) => {
  const payload = await readJsonBody(request, RegisterPayloadSchema);
  const user = await registerUser(payload);
  const headers = await startUserSession(user.id, request, context?.clientIp);
  await recordSignIn(user.id, request, context, "new account");
  return data({ ...user, redirectTo: "/plan-selection" }, { status: 201, headers });
});
