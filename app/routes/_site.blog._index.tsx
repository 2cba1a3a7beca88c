import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.blog._index";
import { PageHeader, pageMeta } from "~/components/page";
import { blogArticles } from "~/content/content.server";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Blog", "Guides and news about transcription, translation and subtitles."),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Voxlate blog", href: "/blog/rss.xml" },
];

export async function loader() {
  return {
    articles: blogArticles().map(({ slug, title, description, date, readingMinutes, tags }) => ({
      slug,
      title,
      description,
      date,
      readingMinutes,
      tags,
    })),
  };
}

export default function Blog() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Blog" title="Guides and news" lead="How to get more from your recordings." />
      <div className="mx-auto max-w-6xl px-4 pt-6 text-right text-sm">
        <a href="/blog/rss.xml" className="text-brand-600 underline">
          RSS feed
        </a>
      </div>
      <ul className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <li key={article.slug}>
            <Link
              to={`/blog/${article.slug}`}
              className="flex h-full flex-col rounded-xl border border-slate-200 p-5 transition-shadow hover:shadow-md"
            >
              <p className="text-xs text-slate-500">
                <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readingMinutes} min read
              </p>
              <h2 className="mt-2 font-semibold text-slate-900">{article.title}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-600">{article.description}</p>
              <p className="mt-3 flex flex-wrap gap-1">
                {article.tags.map((tag) => (
                  <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                    {tag}
                  </span>
                ))}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

// Inside the site layout, which draws the header and footer.
export const ErrorBoundary = () => <GeneralErrorBoundary />;
