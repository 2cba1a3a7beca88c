/** Spec sections 2-4: the choice and the preferences live under two keys prefixed with the product name. */
export const CONSENT_COOKIE = "voxlate_cookie_consent";
export const PREFERENCES_COOKIE = "voxlate_cookie_preferences";
export const COOKIE_BANNER_DELAY_MS = 1000;
/** The query parameter that opens the Cookie Preferences dialog (a link, so it works without JavaScript). */
export const PREFERENCES_PARAM = "cookie-preferences";

export type ConsentStatus = "accepted" | "rejected" | "customized";

export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export interface CookieConsent {
  /** Undefined until the visitor chooses; the banner shows until then. */
  status: ConsentStatus | undefined;
  preferences: CookiePreferences;
}

export const ALL_COOKIES: CookiePreferences = { necessary: true, analytics: true, marketing: true, functional: true };
export const NECESSARY_ONLY: CookiePreferences = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};

export const OPTIONAL_CATEGORIES = [
  { key: "analytics", label: "Analytics Cookies", description: "Help us understand how you use our site" },
  { key: "marketing", label: "Marketing Cookies", description: "Used to show relevant ads and measure effectiveness" },
  { key: "functional", label: "Functional Cookies", description: "Enable enhanced features and personalization" },
] as const;
