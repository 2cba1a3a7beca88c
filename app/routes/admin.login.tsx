import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin.login";
import { Logo } from "~/components/logo";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { AdminLoginSchema } from "~/modules/accounts/admin-login";
import { getAdminId, signInAdmin } from "~/modules/accounts/admin-session.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { readForm } from "~/modules/platform/request-body.server";
import { AdminErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Admin sign in", "Support console sign-in."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdminId(request)) throw redirect("/admin/chat");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: AdminLoginSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { username, password } = submission.value;
  const result = await signInAdmin(username, password, await loginClient(request, context));
  if (result.status === "throttled") {
    return data(submission.reply({ formErrors: [tooManyLogins(result.waitMs)], hideFields }), { status: 429 });
  }
  if (result.status === "invalid") {
    return data(submission.reply({ formErrors: ["Invalid credentials"], hideFields }), { status: 401 });
  }
  return redirect("/admin/chat", { status: 303, headers: result.headers });
}

export default function AdminLogin() {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: useActionData<typeof action>(),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-slate-50 px-4 py-16">
      <Form
        method="post"
        {...getFormProps(form)}
        className="w-full max-w-sm space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
      >
        <Logo />
        <h1 className="text-xl font-bold">Support console</h1>
        <FormErrors form={form} />
        <Field label="Username" field={fields.username} type="email" autoComplete="username" required />
        <Field label="Password" field={fields.password} type="password" autoComplete="current-password" required />
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Signing in..." : "Sign In"}
        </button>
      </Form>
    </main>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
