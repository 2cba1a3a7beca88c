import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.blog.$slug";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { findBlogArticle, relatedArticles } from "~/content/content.server";
import { appOrigin } from "~/config/env.server";
import { articleJsonLd } from "~/utils/seo";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export async function loader({ params }: Route.LoaderArgs) {
  const article = findBlogArticle(params.slug);
  if (!article) throw new Response("Not found", { status: 404 });
  return {
    origin: appOrigin(),
    article,
    related: relatedArticles(article).map(({ slug, title, description }) => ({ slug, title, description })),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(data.article.title, data.article.description),
        { property: "og:type", content: "article" },
        { property: "article:published_time", content: data.article.date },
        { "script:ld+json": articleJsonLd(data.origin, data.article) },
      ]
    : [];

export default function BlogArticle() {
  const { article, related } = useLoaderData<typeof loader>();
  const date = formatDate(article.date);
  return (
    <article>
      <PageHeader
        eyebrow="Blog"
        title={article.title}
        lead={
          <>
            {article.description}
            <span className="mt-3 block text-sm text-slate-500">
              {article.author} · <time dateTime={article.date}>{date}</time> · {article.readingMinutes} min read
            </span>
          </>
        }
      />
      {/* Our own Markdown, rendered at build time: no user input reaches this HTML. */}
      <Prose>
        <div dangerouslySetInnerHTML={{ __html: article.html }} />
      </Prose>
      <aside aria-labelledby="related-title" className="mx-auto max-w-3xl border-t border-slate-200 px-4 py-10">
        <h2 id="related-title" className="text-lg font-semibold">
          Related articles
        </h2>
        <ul className="mt-4 space-y-3">
          {related.map((item) => (
            <li key={item.slug}>
              <Link to={`/blog/${item.slug}`} className="font-medium text-brand-600 underline">
                {item.title}
              </Link>
              <p className="text-sm text-slate-600">{item.description}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link to="/blog" className="text-sm text-slate-600 underline">
            All articles
          </Link>
        </p>
      </aside>
    </article>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
