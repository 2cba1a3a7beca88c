import { Link } from "react-router";
import type { Route } from "./+types/_site.coming-soon";
import { PageHeader, pageMeta, Prose } from "~/components/page";

export const meta: Route.MetaFunction = () => pageMeta("On the roadmap", "Features we are working on next.");

export default function ComingSoon() {
  return (
    <>
      <PageHeader eyebrow="Roadmap" title="On the way" lead="Features we are building next." />
      <Prose>
        <ul>
          <li>Card payments for Premium and Business Pro.</li>
          <li>Shared workspaces for teams.</li>
        </ul>
        <p>
          Missing something? Tell us in the support chat, or read the <Link to="/blog">blog</Link> for updates.
        </p>
      </Prose>
    </>
  );
}
