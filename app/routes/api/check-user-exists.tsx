import { z } from "zod";
import type { Route } from "./+types/check-user-exists";
import { postOnly } from "~/utils/api.server";
import { readJsonBody } from "~/utils/request-body.server";
import { userExists } from "~/utils/auth.server";
import { EmailSchema } from "~/utils/registration";

// POST /api/check-user-exists {email} → {exists}
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const { email } = await readJsonBody(request, z.object({ email: EmailSchema }));
  return { exists: await userExists(email) };
}
