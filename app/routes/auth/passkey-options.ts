import type { Route } from "./+types/passkey-options";
import { PasskeySignInOptionsBodySchema } from "~/modules/accounts/passkey-forms";
import { PasskeyError, signInOptions } from "~/modules/accounts/passkeys.server";
import { readPendingSignIn } from "~/modules/accounts/two-factor.server";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { requireAnonymous } from "~/modules/platform/session.server";

// POST /auth/passkey/options {purpose} → the options for navigator.credentials.get() (ADR 039). Passwordless: any
// passkey of this site; second factor: the passkeys of the account whose password was right in this browser.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  await requireAnonymous(request);
  const { purpose } = await readJsonBody(request, PasskeySignInOptionsBodySchema);
  if (purpose === "sign-in") return signInOptions("sign-in", null);
  const pending = await readPendingSignIn(request);
  if (!pending) throw new PasskeyError(SIGN_IN_EXPIRED, 409);
  return signInOptions("second-factor", pending.userId);
});

const SIGN_IN_EXPIRED = "Your sign-in took more than ten minutes. Start again with your password.";
