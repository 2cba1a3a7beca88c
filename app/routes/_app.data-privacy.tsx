import { Link } from "react-router";
import type { Route } from "./+types/_app.data-privacy";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { requireUserId } from "~/modules/platform/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () =>
  pageMeta("Your data", "What Voxlate keeps about you and how to remove it.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireUserId(request);
  return null;
}

export default function DataPrivacy() {
  return (
    <>
      <PageHeader eyebrow="Account" title="Your data and privacy" />
      <Prose>
        <h2>What we keep</h2>
        <ul>
          <li>Your profile: name, email address, industry and how you heard about us.</li>
          <li>Your sessions: which browsers are signed in, so you can sign them out.</li>
          <li>Your recordings, transcripts and translations, until you delete them.</li>
        </ul>
        <h2>Your choices</h2>
        <p>
          Change your details on the <Link to="/account">account page</Link>. Change your cookie choices at any time
          from the "Cookie settings" link at the bottom of every page. Read the full{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </Prose>
    </>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
