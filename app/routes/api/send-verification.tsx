import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/send-verification";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { sendVerificationCode, userExists, VerificationError } from "~/modules/accounts/auth.server";
import { EmailSchema } from "~/modules/accounts/registration";

// POST /api/send-verification {email}, and /api/send-verification-code {email} (the resend): a sign-up code.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
  if (await userExists(email)) {
    return data({ error: "An account with this email already exists. Please sign in instead." }, { status: 409 });
  }
  try {
    await sendVerificationCode(email, "SIGNUP");
  } catch (error) {
    if (error instanceof VerificationError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return { success: true, message: "Please check your email for the verification code" };
}
