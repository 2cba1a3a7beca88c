import { z } from "zod";
import type { Route } from "./+types/send-verification";
import { postOnly } from "~/utils/api.server";
import { readJsonBody } from "~/utils/request-body.server";
import { sendVerificationCode, userExists } from "~/utils/auth.server";
import { invariantResponse, withRefusals } from "~/utils/refusals.server";
import { EmailSchema } from "~/utils/registration";

// POST /api/send-verification {email}, and /api/send-verification-code {email} (the resend): a sign-up code.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
  const taken = await userExists(email);
  invariantResponse(!taken, "An account with this email already exists. Please sign in instead.", 409);
  await sendVerificationCode(email, "SIGNUP");
  return { success: true, message: "Please check your email for the verification code" };
});
