import { z } from "zod";
import type { Route } from "./+types/send-verification";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { sendVerificationCode, userExists } from "~/modules/accounts/auth.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { EmailSchema } from "~/modules/accounts/registration";

// POST /api/send-verification {email}, and /api/send-verification-code {email} (the resend): a sign-up code.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
  const taken = await userExists(email);
  invariantResponse(!taken, "An account with this email already exists. Please sign in instead.", 409);
  await sendVerificationCode(email, "SIGNUP");
  return { success: true, message: "Please check your email for the verification code" };
});
