import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.help";
import { PageHeader, pageMeta } from "~/components/page";
import { Accordion } from "~/components/ui/accordion";
import { searchHelpCentre } from "~/services/chat-assistant/help-centre.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Help center", "Answers about uploading, transcripts, translation, plans, your account and privacy."),
];

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) ?? "";
  return { query, topics: searchHelpCentre(query) };
}

export default function Help() {
  const { query, topics } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Support" title="Help center" lead="Find answers, or ask us in the support chat." />
      <div className="mx-auto max-w-3xl px-4 py-12">
        {/* A GET form: search works without JavaScript. */}
        <form method="get" role="search" className="flex gap-2">
          <label htmlFor="help-search" className="sr-only">
            Search the help center
          </label>
          <input
            id="help-search"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="Search the help center"
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            Search
          </button>
        </form>
        {query ? (
          <p className="mt-4 text-sm text-slate-600" role="status">
            {topics.reduce((count, topic) => count + topic.entries.length, 0)} answers for "{query}".{" "}
            <Link to="/help" className="text-brand-600 underline">
              Show all
            </Link>
          </p>
        ) : (
          <nav aria-label="Topics" className="mt-6 flex flex-wrap gap-2">
            {topics.map((topic) => (
              <a
                key={topic.slug}
                href={`#${topic.slug}`}
                className="rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
              >
                {topic.topic}
              </a>
            ))}
          </nav>
        )}
        {topics.map((topic) => (
          <section
            key={topic.slug}
            id={topic.slug}
            className="mt-10 scroll-mt-20"
            aria-labelledby={`${topic.slug}-title`}
          >
            <h2 id={`${topic.slug}-title`} className="text-xl font-semibold">
              {topic.topic}
            </h2>
            <Accordion
              // A new search opens its matches: a fresh accordion rather than one that remembers the last search.
              key={query}
              className="mt-4"
              defaultOpen={query ? topic.entries.map((entry) => entry.id) : []}
              items={topic.entries.map((entry) => ({
                value: entry.id,
                id: entry.id,
                question: entry.question,
                // Our own Markdown, rendered at build time.
                answer: (
                  <div
                    className="prose mt-2 max-w-none text-slate-600 prose-slate prose-p:my-2 prose-a:text-brand-600 prose-ul:my-2"
                    dangerouslySetInnerHTML={{ __html: entry.html }}
                  />
                ),
              }))}
            />
          </section>
        ))}
      </div>
    </>
  );
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
