import { z } from "zod";
import type { Route } from "./+types/verify-email-code";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { userExists, verifyLoginCode, verifySignupCode } from "~/modules/accounts/auth.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { EmailSchema, VerificationCodeSchema } from "~/modules/accounts/registration";

// POST /api/verify-email-code {email, code}. Failures answer in plain text, as the spec's client reads them.
export const loader = postOnly;

export const action = withRefusals(
  async ({ request, context }: Route.ActionArgs) => {
    const { email, code } = await readJsonBody(request, z.object({ email: EmailSchema, code: VerificationCodeSchema }));
    // An existing, unverified account verifies its address; otherwise this is a sign-up code.
    if (await userExists(email)) await verifyLoginCode(email, code, { request, context });
    else await verifySignupCode(email, code);
    return { success: true, verified: true };
  },
  { as: "text" },
);
