import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin.login";
import { Logo } from "~/components/logo";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { AdminLoginSchema, getAdminId, signInAdmin } from "~/modules/accounts/admin-session.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { readFormFields } from "~/modules/platform/request-body.server";
import { AdminErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [...pageMeta("Admin sign in", "Support console sign-in."), { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdminId(request)) throw redirect("/admin/chat");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = AdminLoginSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid credentials" }, { status: 400 });
  const result = await signInAdmin(parsed.data.username, parsed.data.password, await loginClient(request, context));
  if (result.status === "throttled") return data({ error: tooManyLogins(result.waitMs) }, { status: 429 });
  if (result.status === "invalid") return data({ error: "Invalid credentials" }, { status: 401 });
  return redirect("/admin/chat", { status: 303, headers: result.headers });
}

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-slate-50 px-4 py-16">
      <Form method="post" className="w-full max-w-sm space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Logo />
        <h1 className="text-xl font-bold">Support console</h1>
        {actionData?.error ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {actionData.error}
          </div>
        ) : null}
        <div>
          <label htmlFor="username" className="block text-sm font-medium">
            Username
          </label>
          <input id="username" name="username" type="email" autoComplete="username" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium">
            Password
          </label>
          <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Signing in..." : "Sign In"}
        </button>
      </Form>
    </main>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
