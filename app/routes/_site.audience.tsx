import { useLoaderData } from "react-router";
import type { Route } from "./+types/_site.audience";
import { AudiencePage } from "~/components/audience-page";
import { pageMeta } from "~/components/page";
import { AUDIENCES } from "~/content/audiences";
import { GeneralErrorBoundary } from "~/components/error-boundary";

// /education and /students are the same page.
const audienceFor = (pathname: string) => AUDIENCES[pathname === "/students" ? "education" : pathname.slice(1)];

export async function loader({ request }: Route.LoaderArgs) {
  const audience = audienceFor(new URL(request.url).pathname);
  if (!audience) throw new Response("Not found", { status: 404 });
  return { audience };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.audience.title, data.audience.lead) : []);

export default function Audience() {
  const { audience } = useLoaderData<typeof loader>();
  return <AudiencePage audience={audience} />;
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
