import { NotFound } from "~/components/error-boundary";

export const meta = () => [{ title: "Page not found | Voxlate" }, { name: "robots", content: "noindex" }];

// Any path no other route matches: the not-found page with HTTP 404.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
