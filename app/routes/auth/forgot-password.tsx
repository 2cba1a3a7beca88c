import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/forgot-password";
import { forgotPageData } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { ResetRequestForm } from "~/components/auth/password-reset-forms";
import { pageMeta } from "~/components/page";
import { requestPasswordReset, RESET_REQUESTED } from "~/modules/accounts/auth.server";
import { ResetRequestSchema } from "~/modules/accounts/registration";
import { readForm } from "~/modules/platform/request-body.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = () => pageMeta("Reset your password", "Get a link to choose a new password.");

export const loader = ({ request }: Route.LoaderArgs) => forgotPageData(request);

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // The same answer whether or not the address has an account.
  requestPasswordReset(submission.value.email);
  return redirectWithToast("/forgot-password", {
    type: "success",
    title: "Reset Link Sent",
    description: RESET_REQUESTED,
  });
}

export default function ForgotPassword() {
  return (
    <AuthLayout>
      <ResetRequestForm lastResult={useActionData<typeof action>()} />
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
