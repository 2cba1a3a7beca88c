import type { Route } from "./+types/_site.blog._index";
import { CardGrid, PageHeader, pageMeta } from "~/components/page";
import { BLOG_POSTS } from "~/content/blog";

export const meta: Route.MetaFunction = () => pageMeta("Blog", "Guides and news about transcription and translation.");

export default function Blog() {
  const posts = [...BLOG_POSTS].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <>
      <PageHeader eyebrow="Blog" title="Guides and news" lead="How to get more from your recordings." />
      <CardGrid items={posts.map((post) => ({ title: post.title, description: post.description, to: `/blog/${post.slug}` }))} />
    </>
  );
}
