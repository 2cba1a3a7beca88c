import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/sign-in";
import { signInOrAskSecondFactor, signInPageData } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { PasskeySignInButton } from "~/components/auth/passkey-ceremony";
import { SignInForm } from "~/components/auth/sign-in-form";
import { pageMeta } from "~/components/page";
import { login } from "~/modules/accounts/auth.server";
import { loginClient, tooManyLogins } from "~/modules/accounts/login-throttle.server";
import { pendingLoginCookie } from "~/modules/accounts/pending-verification.server";
import { safeRedirectPath, withRedirect } from "~/utils/redirect";
import { SignInSchema } from "~/modules/accounts/registration";
import { readForm } from "~/modules/platform/request-body.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = () => pageMeta("Sign in", "Sign in to Voxlate.");

export const loader = ({ request }: Route.LoaderArgs) => signInPageData(request);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: SignInSchema });
  // A password is never sent back into the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { email, password } = submission.value;
  const redirectTo = safeRedirectPath(submission.value.redirectTo, "");

  const result = await login(email, password, await loginClient(request, context), { request, context });
  if (result.status === "throttled") {
    return data(submission.reply({ formErrors: [tooManyLogins(result.waitMs)], hideFields }), { status: 429 });
  }
  if (result.status === "invalid") {
    return data(submission.reply({ formErrors: ["Invalid email or password"], hideFields }), { status: 401 });
  }
  if (result.status === "sso-required") {
    return data(submission.reply({ formErrors: [result.message], hideFields }), { status: 403 });
  }
  if (result.status === "unverified") {
    return redirectWithToast(
      withRedirect("/verify-email", redirectTo),
      {
        type: "message",
        title: "Email Verification Required",
        description: "A new verification code has been sent to your email.",
      },
      { headers: { "Set-Cookie": await pendingLoginCookie(email) } },
    );
  }
  return signInOrAskSecondFactor(request, context, { userId: result.userId, email, method: "password", redirectTo });
}

export default function SignIn() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  return (
    <AuthLayout tab="signin" redirectTo={redirectTo} googleEnabled={googleEnabled}>
      <SignInForm redirectTo={redirectTo} lastResult={useActionData<typeof action>()} />
      <section aria-label="Passkey" className="mt-6 border-t border-slate-200 pt-6">
        <PasskeySignInButton
          purpose="sign-in"
          redirectTo={redirectTo}
          label="Sign in with a passkey"
          otherWay="Sign in with your email and password above."
        />
      </section>
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
