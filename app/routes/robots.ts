import { appOrigin } from "~/config/env.server";

// GET /robots.txt: public pages are indexable; signed-in, admin and API pages are not.
export async function loader() {
  const origin = appOrigin();
  const text = [
    "User-agent: *",
    "Allow: /",
    ...["/dashboard", "/recordings", "/transcription/", "/account", "/data-privacy", "/admin/", "/api/", "/_test/"].map(
      (path) => `Disallow: ${path}`,
    ),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
