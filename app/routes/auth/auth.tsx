import { useLoaderData } from "react-router";
import type { Route } from "./+types/auth";
import {
  authPageFor,
  forgotPageData,
  resetPageData,
  signInPageData,
  signUpPageData,
  verifyPageData,
} from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { ResetPasswordForm, ResetRequestForm } from "~/components/auth/password-reset-forms";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { VerifyForm } from "~/components/auth/verify-form";
import { pageMeta } from "~/components/page";

/**
 * /auth is the spec's one auth address: its query names the page (?tab=signin, ?mode=verify, ?mode=forgot,
 * ?token=…), which shows here with that page's own data; each form posts to its page's own URL and action.
 */
export async function loader({ request }: Route.LoaderArgs) {
  switch (authPageFor(new URL(request.url))) {
    case "signin":
      return signInPageData(request);
    case "verify":
      return verifyPageData(request);
    case "forgot":
      return forgotPageData(request);
    case "reset":
      return resetPageData(request);
    case "signup":
      return signUpPageData(request);
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  data?.page === "signin"
    ? pageMeta("Sign in", "Sign in to Voxlate.")
    : data?.page === "signup"
      ? pageMeta("Create your account", "Sign up for Voxlate: 5 free minutes of transcription every month.")
      : pageMeta("Your account", "Verify your email or reset your password.");

export default function Auth() {
  const page = useLoaderData<typeof loader>();
  switch (page.page) {
    case "signin":
      return (
        <AuthLayout tab="signin" redirectTo={page.redirectTo} googleEnabled={page.googleEnabled}>
          <SignInForm redirectTo={page.redirectTo} />
        </AuthLayout>
      );
    case "signup":
      return (
        <AuthLayout tab="signup" redirectTo={page.redirectTo} googleEnabled={page.googleEnabled}>
          <SignUpForm draft={page.draft} progress={page.progress} redirectTo={page.redirectTo} />
        </AuthLayout>
      );
    case "verify":
      return (
        <AuthLayout>
          <VerifyForm email={page.email} redirectTo={page.redirectTo} />
        </AuthLayout>
      );
    case "forgot":
      return (
        <AuthLayout>
          <ResetRequestForm />
        </AuthLayout>
      );
    case "reset":
      return (
        <AuthLayout>
          <ResetPasswordForm token={page.token} />
        </AuthLayout>
      );
  }
}

export const ErrorBoundary = AuthErrorBoundary;
