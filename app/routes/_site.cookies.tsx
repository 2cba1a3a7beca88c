import { Link } from "react-router";
import type { Route } from "./+types/_site.cookies";
import { usePreferencesHref } from "~/components/site-footer";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { CONSENT_COOKIE, OPTIONAL_CATEGORIES, PREFERENCES_COOKIE } from "~/modules/consent/cookie-consent";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Cookie policy", "The cookies Voxlate sets and how to choose which ones you allow."),
];

/** Every cookie the app sets. Keep in step with app/utils/*.server.ts. */
const COOKIES = [
  {
    name: "voxlate_session",
    category: "Necessary",
    purpose: "Keeps you signed in (a signed session id).",
    lifetime: "30 days",
  },
  {
    name: "voxlate_toast",
    category: "Necessary",
    purpose: "Carries a one-time message to the next page.",
    lifetime: "1 minute",
  },
  { name: CONSENT_COOKIE, category: "Necessary", purpose: "Remembers your cookie choice.", lifetime: "1 year" },
  {
    name: PREFERENCES_COOKIE,
    category: "Necessary",
    purpose: "Remembers which optional cookies you allow.",
    lifetime: "1 year",
  },
  {
    name: "voxlate_signup",
    category: "Necessary",
    purpose: "Keeps your sign-up answers between steps (an id; the answers stay on our server).",
    lifetime: "1 hour",
  },
  {
    name: "voxlate_verify",
    category: "Necessary",
    purpose: "Remembers which address is verifying its email during sign-in.",
    lifetime: "15 minutes",
  },
  {
    name: "voxlate_oauth",
    category: "Necessary",
    purpose: "Protects the round trip to Google during Google sign-in.",
    lifetime: "10 minutes",
  },
  {
    name: "voxlate_support_chat",
    category: "Necessary",
    purpose:
      "Keeps your support chat conversation when you move between pages (a signed conversation id); set only once you send a message.",
    lifetime: "30 days",
  },
  {
    name: "voxlate_admin_session",
    category: "Necessary",
    purpose: "Keeps support staff signed in to the admin console.",
    lifetime: "12 hours",
  },
];

export default function Cookies() {
  const preferencesHref = usePreferencesHref();
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Cookie policy"
        lead="Which cookies we set, and how to choose which ones you allow."
      />
      <Prose>
        <h2>Categories</h2>
        <ul>
          <li>
            <strong>Necessary Cookies</strong>: Required for basic site functionality. Always on.
          </li>
          {OPTIONAL_CATEGORIES.map((category) => (
            <li key={category.key}>
              <strong>{category.label}</strong>: {category.description}. Only with your consent.
            </li>
          ))}
        </ul>
        <h2>Cookies we set</h2>
        <ScrollRegion label="Cookies we set">
          <table className="w-full min-w-[32rem] text-sm">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Purpose</th>
                <th scope="col">Lifetime</th>
              </tr>
            </thead>
            <tbody>
              {COOKIES.map((cookie) => (
                <tr key={cookie.name}>
                  <td>
                    <code>{cookie.name}</code>
                  </td>
                  <td>{cookie.category}</td>
                  <td>{cookie.purpose}</td>
                  <td>{cookie.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <p>
          Voxlate sets no analytics or marketing cookies of its own. If the operator of this site configures an
          analytics service, its script loads only while you allow analytics cookies.
        </p>
        <h2>Your choice</h2>
        <p>
          <Link to={preferencesHref} preventScrollReset>
            Open the cookie preferences
          </Link>{" "}
          to change your choice at any time.
        </p>
      </Prose>
    </>
  );
}
