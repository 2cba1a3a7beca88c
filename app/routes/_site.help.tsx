import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.help";
import { PageHeader, pageMeta } from "~/components/page";
import { HELP_ARTICLES } from "~/content/help";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Help center", "Answers about uploading, transcripts, translation, plans and privacy."),
  // /help and /faq are the same page; search engines should index one.
  { tagName: "link", rel: "canonical", href: "/help" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) ?? "";
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const articles = words.length
    ? HELP_ARTICLES.filter((article) =>
        words.every((word) => `${article.question} ${article.answer} ${article.topic}`.toLowerCase().includes(word)),
      )
    : HELP_ARTICLES;
  return { query, articles };
}

export default function Help() {
  const { query, articles } = useLoaderData<typeof loader>();
  const topics = [...new Set(articles.map((article) => article.topic))];
  return (
    <>
      <PageHeader eyebrow="Support" title="Help center" lead="Find answers, or ask us in the support chat." />
      <section className="mx-auto max-w-3xl px-4 py-12">
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
        {articles.length === 0 ? (
          <p className="mt-8 text-slate-600">
            No articles match "{query}". <Link to="/help" className="text-brand-600 underline">Show all articles</Link>.
          </p>
        ) : null}
        {topics.map((topic) => (
          <section key={topic} className="mt-10" aria-labelledby={`topic-${topic}`}>
            <h2 id={`topic-${topic}`} className="text-xl font-semibold">
              {topic}
            </h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {articles
                .filter((article) => article.topic === topic)
                .map((article) => (
                  <details key={article.question} className="group p-4" open={Boolean(query)}>
                    <summary className="cursor-pointer font-medium">{article.question}</summary>
                    <p className="mt-2 text-slate-600">{article.answer}</p>
                  </details>
                ))}
            </div>
          </section>
        ))}
      </section>
    </>
  );
}
