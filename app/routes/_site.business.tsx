import type { Route } from "./+types/_site.business";
import { AudiencePage } from "~/components/audience-page";
import { pageMeta } from "~/components/page";
import { BUSINESS } from "~/content/audiences";

export const meta: Route.MetaFunction = () => pageMeta("Voxlate for business", BUSINESS.lead);

export default function Business() {
  return <AudiencePage audience={BUSINESS} />;
}
