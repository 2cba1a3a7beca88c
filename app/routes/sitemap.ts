import { blogArticles } from "~/content/content.server";
import { appOrigin } from "~/config/env.server";
import { PUBLIC_PATHS } from "~/utils/seo";

// GET /sitemap.xml: every public page and article.
export async function loader() {
  const origin = appOrigin();
  const urls = [
    ...PUBLIC_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`),
    ...blogArticles().map(
      (article) => `  <url><loc>${origin}/blog/${article.slug}</loc><lastmod>${article.date}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
