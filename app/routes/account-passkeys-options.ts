import type { Route } from "./+types/account-passkeys-options";
import { registrationOptions, requireRecentSignIn } from "~/modules/accounts/passkeys.server";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUser } from "~/modules/platform/session.server";

// POST /account/passkeys/options → the options for navigator.credentials.create() (ADR 039): a discoverable
// credential for the signed-in account, which must have signed in recently.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const user = await requireUser(request);
  await requireRecentSignIn(request);
  return registrationOptions(user);
});
