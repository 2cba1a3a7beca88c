import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.blog.$slug";
import { PageHeader, pageMeta, Prose } from "~/components/page";
import { findPost } from "~/content/blog";

export async function loader({ params }: Route.LoaderArgs) {
  const post = findPost(params.slug);
  if (!post) throw new Response("Not found", { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.post.title, data.post.description) : []);

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <article>
      <PageHeader eyebrow="Blog" title={post.title} lead={post.description} />
      <Prose>
        <p>
          <time dateTime={post.date}>{new Date(post.date).toLocaleDateString("en", { dateStyle: "long" })}</time>
        </p>
        <p>
          <Link to="/blog">All articles</Link>
        </p>
      </Prose>
    </article>
  );
}
