import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { ConsentFormSchema, storeCookieConsent } from "~/modules/consent/cookie-consent.server";
import { safeRedirectPath } from "~/utils/redirect";
import { readFormFields } from "~/modules/platform/request-body.server";

export async function loader() {
  return redirect("/cookies");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormFields(request);
  const choice = ConsentFormSchema.safeParse(form);
  if (!choice.success) {
    return data({ error: "Choose Accept All, Decline or Save Preferences." }, { status: 400 });
  }
  const headers = new Headers();
  for (const cookie of await storeCookieConsent(choice.data)) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(form.redirectTo, "/"), { status: 303, headers });
}
