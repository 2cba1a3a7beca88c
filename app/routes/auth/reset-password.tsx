import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/reset-password";
import { invalidResetLink, resetPageData } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { ResetPasswordForm } from "~/components/auth/password-reset-forms";
import { pageMeta } from "~/components/page";
import { resetPassword, userAccount } from "~/modules/accounts/auth.server";
import { loginClient, trustDeviceHeader } from "~/modules/accounts/login-throttle.server";
import { ResetPasswordSchema } from "~/modules/accounts/registration";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = () => pageMeta("Choose a new password", "Set a new password for Voxlate.");

export const loader = ({ request }: Route.LoaderArgs) => resetPageData(request);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const email = await answerRefusal(
    () => resetPassword(submission.value.token, submission.value.password),
    refusalReply(submission, { field: "password", hideFields }),
  );
  if (!email) throw await invalidResetLink();
  if (typeof email !== "string") return email;
  // The reset link proved the address: this browser gets past the account-wide sign-in limit.
  const deviceCookie = await trustDeviceHeader(userAccount(email), await loginClient(request, context));
  return redirectWithToast(
    "/auth?tab=signin",
    {
      type: "success",
      title: "Password Reset Successful",
      description: "Your password has been updated. You can now sign in.",
    },
    { headers: { "Set-Cookie": deviceCookie } },
  );
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  return (
    <AuthLayout>
      <ResetPasswordForm token={token} lastResult={useActionData<typeof action>()} />
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
