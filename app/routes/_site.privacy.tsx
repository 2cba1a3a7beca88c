import { Link } from "react-router";
import type { Route } from "./+types/_site.privacy";
import { PageHeader, pageMeta, Prose } from "~/components/page";

export const meta: Route.MetaFunction = () =>
  pageMeta("Privacy policy", "What data Voxlate collects, why, and your rights.");

export default function Privacy() {
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
          <li>Technical data needed to run the service: sign-in sessions (browser name) and request logs.</li>
          <li>Support chat messages, if you use the chat.</li>
        </ul>
        <h2>Why</h2>
        <p>
          To provide the service you asked for: transcribing, translating and storing your recordings, signing you in,
          and answering support questions. We do not sell your data.
        </p>
        <h2>Cookies</h2>
        <p>
          See the <Link to="/cookies">cookie policy</Link> for every cookie we set. Optional cookies are used only with
          your consent.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see and correct your details on your account page, delete recordings at any time, and delete your
          account with all its data. Contact us through the support chat for anything else.
        </p>
      </Prose>
    </>
  );
}
