import { Form, redirect } from "react-router";
import type { Route } from "./+types/admin.chat";
import { Logo } from "~/components/logo";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { requireAdmin, signOutAdmin } from "~/utils/admin-session.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Support console", "Support chat console."), { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/admin/login", { status: 303, headers: { "Set-Cookie": await signOutAdmin(request) } });
}

export default function AdminChat() {
  return (
    <div className="flex flex-1 flex-col">
      <header className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
        <Logo />
        <Form method="post">
          <button type="submit" className={buttonClass("secondary")}>
            Logout
          </button>
        </Form>
      </header>
      <main id="main" className="grid flex-1 md:grid-cols-[22rem_1fr]">
        <section aria-label="Conversations" className="border-r border-slate-200 p-4">
          <form method="get" role="search" className="space-y-2">
            <label htmlFor="search" className="sr-only">
              Search conversations
            </label>
            <input id="search" name="search" type="search" placeholder="Search conversations..." className="w-full rounded-md border border-slate-300 px-3 py-2" />
            <label htmlFor="status" className="sr-only">
              Status
            </label>
            <select id="status" name="status" className="w-full rounded-md border border-slate-300 px-3 py-2">
              <option value="">All Conversations</option>
              <option value="active">Active</option>
              <option value="escalated">Escalated</option>
              <option value="resolved">Resolved</option>
            </select>
            <button type="submit" className={buttonClass("secondary", "w-full")}>
              Refresh
            </button>
          </form>
          <p className="mt-8 text-center text-sm text-slate-500">No conversations found</p>
        </section>
        <section aria-label="Conversation" className="flex items-center justify-center p-8 text-center">
          <div>
            <h1 className="text-lg font-semibold">Select a Conversation</h1>
            <p className="mt-1 text-sm text-slate-500">Choose a conversation on the left to read and reply.</p>
          </div>
        </section>
      </main>
    </div>
  );
}
