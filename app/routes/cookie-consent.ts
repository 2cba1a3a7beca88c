import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { ConsentFormSchema, storeCookieConsent } from "~/modules/consent/cookie-consent.server";
import { safeRedirectPath } from "~/utils/redirect";
import { formRefusal } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";

export async function loader() {
  return redirect("/cookies");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ConsentFormSchema });
  // No page renders a reply here (the banner and /cookies post and are redirected): a refusal is the form error of
  // the one reply shape (ADR 011), without echoing back what was sent.
  if (submission.status !== "success") return formRefusal("Choose Accept All, Decline or Save Preferences.", 400);
  const headers = new Headers();
  for (const cookie of await storeCookieConsent(submission.value)) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { status: 303, headers });
}
