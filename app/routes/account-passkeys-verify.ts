import type { Route } from "./+types/account-passkeys-verify";
import { PasskeyRegisterVerifyBodySchema } from "~/modules/accounts/passkey-forms";
import { addPasskey, requireRecentSignIn } from "~/modules/accounts/passkeys.server";
import { postOnly } from "~/modules/platform/api.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { requireUser } from "~/modules/platform/session.server";

// POST /account/passkeys/verify {name, response} → {id, name, recoveryCodes} (ADR 039): the device's new passkey,
// checked against the challenge, origin and rpID, and kept. Recovery codes come back (once) with the first factor.
export const loader = postOnly;

export const action = withRefusals(async ({ request, context }: Route.ActionArgs) => {
  const user = await requireUser(request);
  await requireRecentSignIn(request);
  const { name, response } = await readJsonBody(request, PasskeyRegisterVerifyBodySchema);
  const added = await addPasskey(user.id, name, response, { request, context });
  // Recovery codes are in this answer: no cache may keep it.
  return Response.json(added, { status: 201, headers: { "Cache-Control": "no-store" } });
});
