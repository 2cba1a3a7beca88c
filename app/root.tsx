import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { GoogleAnalytics } from "./components/analytics";
import { CookieConsent } from "./components/cookie-consent";
import { AdminErrorBoundary, ErrorPage, GeneralErrorBoundary } from "./components/error-boundary";
import { NavigationSpinner } from "./components/navigation-spinner";
import { SupportChat } from "./components/support-chat";
import { Toaster } from "./components/toaster";
import { readCookieConsent } from "~/modules/consent/cookie-consent.server";
import { appOrigin, getEnv } from "~/config/env.server";
import { useNonce } from "./utils/nonce";
import { canonicalUrl } from "./utils/seo";
import { getUser } from "~/modules/platform/session.server";
import { loadSupportChat } from "~/modules/support/support-chat.server";
import { getToast } from "~/modules/platform/toast.server";
import { configuredChatAssistant } from "./services/chat-assistant/index.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The admin console is staff's tool, not the visitors' site: no support widget, no analytics, and so no cookie
 * banner asking about them (it covered the console's reply buttons).
 */
const isAdminConsole = (pathname: string) => /^\/admin(\/|$)/.test(pathname);

// Pages set their own title; this one shows on error screens.
export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? "Something went wrong | Voxlate" : "Voxlate" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, consent, { toast, headers }] = await Promise.all([
    getUser(request),
    readCookieConsent(request),
    getToast(request),
  ]);
  const adminConsole = isAdminConsole(new URL(request.url).pathname);
  const analyticsAllowed = consent.preferences.analytics && !adminConsole;
  const analyticsScriptUrl = analyticsAllowed ? getEnv().ANALYTICS_SCRIPT_URL : undefined;
  const gaMeasurementId = analyticsAllowed ? getEnv().GA_MEASUREMENT_ID : undefined;
  const origin = appOrigin();
  // Browser errors go where the server's do (SENTRY_DSN, ADR 044): the address reaches the page only when it is set.
  const { SENTRY_DSN, SENTRY_ENVIRONMENT, NODE_ENV } = getEnv();
  const errorReports = SENTRY_DSN ? { dsn: SENTRY_DSN, environment: SENTRY_ENVIRONMENT ?? NODE_ENV } : null;
  const supportChat = adminConsole
    ? null
    : { chat: await loadSupportChat(request, user?.id), engineLabel: configuredChatAssistant().label };
  return data(
    { user, consent, toast, analyticsScriptUrl, gaMeasurementId, origin, supportChat, errorReports },
    { headers: headers ?? undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const canonical = rootData ? canonicalUrl(rootData.origin, pathname) : undefined;
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2550e8" />
        <Meta />
        {canonical ? (
          <>
            <link rel="canonical" href={canonical} />
            <meta property="og:url" content={canonical} />
            <meta property="og:site_name" content="Voxlate" />
          </>
        ) : null}
        <Links />
        {rootData?.errorReports ? (
          <meta
            name="voxlate-error-reports"
            content={rootData.errorReports.dsn}
            data-environment={rootData.errorReports.environment}
            data-user-id={rootData.user?.id}
          />
        ) : null}
        {rootData?.analyticsScriptUrl ? <script async src={rootData.analyticsScriptUrl} nonce={nonce} /> : null}
        {rootData?.gaMeasurementId ? (
          <GoogleAnalytics
            measurementId={rootData.gaMeasurementId}
            preferences={rootData.consent.preferences}
            nonce={nonce}
          />
        ) : null}
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <NavigationSpinner />
        {rootData?.supportChat ? (
          <SupportChat chat={rootData.supportChat.chat} engineLabel={rootData.supportChat.engineLabel} />
        ) : null}
        {rootData && !isAdminConsole(pathname) ? <CookieConsent consent={rootData.consent} /> : null}
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Errors no route caught, including the root loader's own: in the site's chrome, or the console's under /admin.
export function ErrorBoundary() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  if (isAdminConsole(pathname)) return <AdminErrorBoundary />;
  return (
    <ErrorPage user={rootData?.user ?? null}>
      <GeneralErrorBoundary />
    </ErrorPage>
  );
}
