import { blogArticles } from "~/content/content.server";
import { appOrigin } from "~/config/env.server";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[character]!,
  );

// GET /blog/rss.xml: RSS 2.0 feed of the blog.
export async function loader() {
  const site = appOrigin();
  const items = blogArticles()
    .map((article) => {
      const link = `${site}/blog/${article.slug}`;
      return `    <item>
      <title>${escapeXml(article.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <description>${escapeXml(article.description)}</description>
      <pubDate>${new Date(`${article.date}T00:00:00Z`).toUTCString()}</pubDate>
${article.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`).join("\n")}
    </item>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Voxlate blog</title>
    <link>${site}/blog</link>
    <description>Guides and news about transcription, translation and subtitles.</description>
    <language>en</language>
    <atom:link href="${site}/blog/rss.xml" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
