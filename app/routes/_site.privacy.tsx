import { Link } from "react-router";
import type { Route } from "./+types/_site.privacy";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { PrivacyFactsList } from "~/components/privacy/privacy-facts";
import { privacyFacts } from "~/modules/privacy/facts.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () =>
  pageMeta("Privacy policy", "What data Voxlate collects, why, and your rights.");

// Retention, storage and the outside services come from the server's settings, the ones the code enforces.
export const loader = () => ({ facts: privacyFacts() });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Privacy policy"
        lead="What we collect, why we collect it, and what you can do about it."
      />
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>
            Account details you give us: name, email address, password (stored only as a hash), industry and how you
            heard about us.
          </li>
          <li>Recordings you upload or record, and the transcripts, translations and summaries made from them.</li>
          <li>
            Technical data needed to run the service: sign-in sessions (browser and IP address), an audit trail of
            sign-ins, transcripts opened and edited, exports, downloads, deletions, share links, API keys and plan
            changes (with IP address and browser), and request logs.
          </li>
          <li>Support chat messages, if you use the chat.</li>
        </ul>
        <h2>Why</h2>
        <p>
          To provide the service you asked for: transcribing, translating and storing your recordings, signing you in,
          and answering support questions. We do not sell your data.
        </p>
        <PrivacyFactsList facts={loaderData.facts} />
        <h2>Cookies</h2>
        <p>
          See the <Link to="/cookies">cookie policy</Link> for every cookie we set. Optional cookies are used only with
          your consent.
        </p>
        <h2>Your rights</h2>
        <p>
          On <Link to="/data-privacy">Your data</Link> you can export everything we hold about you as one ZIP file,
          choose how long we keep audio and recordings, delete one recording&apos;s audio, every recording or your whole
          account, and read the log of sign-ins, downloads and deletions on your account. You can correct your details
          on your account page. Contact us through the support chat for anything else.
        </p>
      </Prose>
    </>
  );
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
