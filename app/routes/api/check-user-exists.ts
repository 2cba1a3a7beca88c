import { z } from "zod";
import type { Route } from "./+types/check-user-exists";
import { postOnly } from "~/modules/platform/api.server";
import { readJsonBody } from "~/modules/platform/request-body.server";
import { userExists } from "~/modules/accounts/auth.server";
import { EmailSchema } from "~/modules/accounts/registration";

// POST /api/check-user-exists {email} → {exists}
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
  return { exists: await userExists(email) };
}
