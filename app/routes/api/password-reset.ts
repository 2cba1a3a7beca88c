import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/password-reset";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import {
  INVALID_RESET_LINK,
  requestPasswordReset,
  RESET_REQUESTED,
  resetPassword,
  validateResetToken,
} from "~/modules/accounts/auth.server";
import { EmailSchema, PasswordSchema } from "~/modules/accounts/registration";

// POST /api/password-reset/request {email}, /validate {token}, /verify {token, newPassword}.
export const loader = postOnly;

// withRefusals: a refused new password (too common) is a 422 `{ error }`, like every other refusal.
export const action = withRefusals(async ({ request, params }: Route.ActionArgs) => {
  switch (params.step) {
    case "request": {
      const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
      requestPasswordReset(email);
      return { message: RESET_REQUESTED };
    }
    case "validate": {
      const { token } = await readJsonBody(
        request,
        z.object({ token: z.string().min(1, "Token is required").max(200) }),
      );
      if (!(await validateResetToken(token))) return data({ error: INVALID_RESET_LINK }, { status: 400 });
      return { valid: true };
    }
    case "verify": {
      const { token, newPassword } = await readJsonBody(
        request,
        z.object({ token: z.string().min(1, "Token is required").max(200), newPassword: PasswordSchema }),
      );
      if (!(await resetPassword(token, newPassword))) return data({ error: INVALID_RESET_LINK }, { status: 400 });
      return { success: true, message: "Your password has been updated. You can now sign in." };
    }
    default:
      throw data({ error: "Not found" }, { status: 404 });
  }
});
