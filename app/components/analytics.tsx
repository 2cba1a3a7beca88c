import { useEffect } from "react";
import { useLocation } from "react-router";
import type { CookiePreferences } from "~/modules/consent/cookie-consent";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Spec section 7: the config call waits 100 ms after load. */
export const ANALYTICS_CONFIG_DELAY_MS = 100;

/**
 * Google Analytics 4, rendered only when a measurement id is configured and the visitor allows analytics
 * cookies. Consent mode carries the stored choice; page views are sent on every route change.
 */
export function GoogleAnalytics({
  measurementId,
  preferences,
  nonce,
}: {
  measurementId: string;
  preferences: CookiePreferences;
  nonce: string;
}) {
  const location = useLocation();
  useEffect(() => {
    window.gtag?.("event", "page_view", { page_path: `${location.pathname}${location.search}` });
  }, [location.pathname, location.search]);

  const consent = {
    analytics_storage: preferences.analytics ? "granted" : "denied",
    ad_storage: preferences.marketing ? "granted" : "denied",
    ad_user_data: preferences.marketing ? "granted" : "denied",
    ad_personalization: preferences.marketing ? "granted" : "denied",
    functionality_storage: preferences.functional ? "granted" : "denied",
  };
  const bootstrap = `window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag('consent','default',${JSON.stringify(consent)});gtag('js',new Date());setTimeout(function(){gtag('config',${JSON.stringify(measurementId)},{send_page_view:false})},${ANALYTICS_CONFIG_DELAY_MS});`;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: bootstrap }} />
      <script
        async
        nonce={nonce}
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`}
      />
    </>
  );
}

/** A custom event (spec section 3: category, label, value; subscription events carry the plan). */
export function trackEvent(name: string, params: { category: string; label?: string; value?: number; plan?: string }) {
  window.gtag?.("event", name, {
    event_category: params.category,
    event_label: params.label,
    value: params.value,
    subscription_plan: params.plan,
  });
}
