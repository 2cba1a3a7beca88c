import { z } from "zod";
import { plainCookie } from "~/modules/platform/cookies.server";
import {
  ALL_COOKIES,
  CONSENT_COOKIE,
  NECESSARY_ONLY,
  PREFERENCES_COOKIE,
  type CookieConsent,
  type CookiePreferences,
} from "./cookie-consent";

const ConsentStatusSchema = z.enum(["accepted", "rejected", "customized"]);
const CookiePreferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
});

const ONE_YEAR = 365 * 24 * 60 * 60;
const consentCookie = () => plainCookie(CONSENT_COOKIE, { maxAge: ONE_YEAR });
const preferencesCookie = () => plainCookie(PREFERENCES_COOKIE, { maxAge: ONE_YEAR });

/**
 * The visitor's stored choice. With no stored choice the spec grants all consent by default
 * (and shows the banner); an unreadable cookie counts as no choice.
 */
export async function readCookieConsent(request: Request): Promise<CookieConsent> {
  const header = request.headers.get("Cookie");
  const status = ConsentStatusSchema.safeParse(await consentCookie().parse(header));
  const preferences = CookiePreferencesSchema.safeParse(await preferencesCookie().parse(header));
  if (!status.success) return { status: undefined, preferences: ALL_COOKIES };
  const stored =
    status.data === "accepted" ? ALL_COOKIES : status.data === "rejected" ? NECESSARY_ONLY : preferences.data;
  return { status: status.data, preferences: stored ?? NECESSARY_ONLY };
}

/** A ticked box: parseWithZod (ADR 011) turns "on" into true and a missing box into undefined. */
const checkbox = z.boolean().default(false);

export const ConsentFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("save"), analytics: checkbox, marketing: checkbox, functional: checkbox }),
]);

/** The Set-Cookie headers that store a choice made in the banner or the dialog. */
export async function storeCookieConsent(choice: z.infer<typeof ConsentFormSchema>): Promise<string[]> {
  let status: CookieConsent["status"];
  let preferences: CookiePreferences;
  if (choice.intent === "accept") [status, preferences] = ["accepted", ALL_COOKIES];
  else if (choice.intent === "decline") [status, preferences] = ["rejected", NECESSARY_ONLY];
  else {
    status = "customized";
    preferences = {
      necessary: true,
      analytics: choice.analytics,
      marketing: choice.marketing,
      functional: choice.functional,
    };
  }
  return [await consentCookie().serialize(status), await preferencesCookie().serialize(preferences)];
}
