import { NotFoundMessage } from "~/components/error-boundary";

export const meta = () => [{ title: "Page not found | Voxlate" }, { name: "robots", content: "noindex" }];

// Any path no other route matches: the not-found page with HTTP 404.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

// Inside the site layout, which already draws the header, footer and <main>.
function NotFoundInLayout() {
  return <NotFoundMessage />;
}

export default NotFoundInLayout;
export const ErrorBoundary = NotFoundInLayout;
