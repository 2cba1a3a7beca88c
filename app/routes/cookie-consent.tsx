import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { ConsentFormSchema, storeCookieConsent } from "~/modules/consent/cookie-consent.server";
import { safeRedirectPath } from "~/utils/redirect";
import { readForm } from "~/modules/platform/request-body.server";

export async function loader() {
  return redirect("/cookies");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ConsentFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: ["Choose Accept All, Decline or Save Preferences."] }), { status: 400 });
  }
  const headers = new Headers();
  for (const cookie of await storeCookieConsent(submission.value)) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { status: 303, headers });
}
