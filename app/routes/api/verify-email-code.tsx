import { z } from "zod";
import type { Route } from "./+types/verify-email-code";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { userExists, verifyLoginCode, verifySignupCode, VerificationError } from "~/modules/accounts/auth.server";
import { EmailSchema, VerificationCodeSchema } from "~/modules/accounts/registration";

// POST /api/verify-email-code {email, code}. Failures answer in plain text, as the spec's client reads them.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { email, code } = await readJsonBody(request, z.object({ email: EmailSchema, code: VerificationCodeSchema }));
  try {
    // An existing, unverified account verifies its address; otherwise this is a sign-up code.
    if (await userExists(email)) await verifyLoginCode(email, code);
    else await verifySignupCode(email, code);
  } catch (error) {
    if (error instanceof VerificationError) {
      return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
  return { success: true, verified: true };
}
