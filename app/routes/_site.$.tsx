import { NotFoundMessage } from "~/components/error-boundary";

export const meta = () => [{ title: "Page not found | Voxlate" }, { name: "robots", content: "noindex" }];

// Any path no other route matches: the not-found page with HTTP 404.
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

// Inside the site layout, which already draws the header, footer and <main>.
function NotFoundInLayout() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <NotFoundMessage />
    </div>
  );
}

export default NotFoundInLayout;
export const ErrorBoundary = NotFoundInLayout;
