import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.audience";
import { PageHeader, pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { AUDIENCES } from "~/content/audiences";

// /education and /students are the same page.
const audienceFor = (pathname: string) => AUDIENCES[pathname === "/students" ? "education" : pathname.slice(1)];

export async function loader({ request }: Route.LoaderArgs) {
  const audience = audienceFor(new URL(request.url).pathname);
  if (!audience) throw new Response("Not found", { status: 404 });
  return { audience };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta(data.audience.title, data.audience.lead) : [];

export default function AudiencePage() {
  const { audience } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow={audience.eyebrow} title={audience.title} lead={audience.lead} />
      <section className="mx-auto max-w-6xl px-4 py-16">
        <ul className="grid gap-6 md:grid-cols-3">
          {audience.points.map((point) => (
            <li key={point.title} className="rounded-xl border border-slate-200 p-6">
              <h2 className="font-semibold">{point.title}</h2>
              <p className="mt-2 text-sm text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link to="/signup" className={buttonClass("primary", "px-6 py-3 text-base")}>
            Start free
          </Link>
        </div>
      </section>
    </>
  );
}
