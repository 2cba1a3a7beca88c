import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/sign-up";
import { signUpPageData } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { pageMeta } from "~/components/page";
import { sendVerificationCode, userExists } from "~/modules/accounts/auth.server";
import { safeRedirectPath, withRedirect } from "~/utils/redirect";
import { PASSWORDS_DONT_MATCH, signupSchema } from "~/modules/accounts/registration";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import {
  draftCookieHeader,
  DraftPayloadSchema,
  markAwaitingCode,
  readDraft,
  saveSignupStep,
  signupProgress,
} from "~/modules/accounts/signup-draft.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = () =>
  pageMeta("Create your account", "Sign up for Voxlate: 5 free minutes of transcription every month.");

export const loader = ({ request }: Route.LoaderArgs) => signUpPageData(request);

/** One step per post without JavaScript, all six with it; the answers wait in the server-held draft. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const existing = await readDraft(request);
  const progress = signupProgress(existing, form.get("submit") === "create");
  const submission = parseWithZod(form, { schema: signupSchema(progress) });
  // Passwords are never sent back into the page.
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const redirectTo = safeRedirectPath(submission.value.redirectTo, "");

  const saved = await answerRefusal(
    () => saveSignupStep(existing, submission.value),
    refusalReply(submission, { field: "password", hideFields }),
  );
  if (!("draft" in saved)) return saved;
  const { draft, nextStep, passwordsDiffer } = saved;
  const headers = new Headers({ "Set-Cookie": await draftCookieHeader(draft) });
  if (passwordsDiffer) {
    const reply = submission.reply({ fieldErrors: { confirmPassword: [PASSWORDS_DONT_MATCH] }, hideFields });
    return data(reply, { status: 400, headers });
  }
  if (nextStep) return redirect(withRedirect("/signup", redirectTo), { status: 303, headers });

  // All six steps are done: check the address, then send the code (spec section 4).
  const payload = DraftPayloadSchema.parse(draft);
  if (await userExists(payload.email)) {
    return redirectWithToast(
      withRedirect("/signin?tab=signin", redirectTo),
      {
        type: "error",
        title: "Account Already Exists",
        description: "An account with this email already exists. Please sign in instead.",
      },
      { headers },
    );
  }
  return answerRefusal(
    async () => {
      await sendVerificationCode(payload.email, "SIGNUP");
      await markAwaitingCode(draft.id, true);
      return redirectWithToast(
        withRedirect("/verify-email", redirectTo),
        {
          type: "success",
          title: "Verification Code Sent",
          description: "Please check your email for the verification code",
        },
        { headers },
      );
    },
    refusalReply(submission, { hideFields, headers }),
  );
}

export default function SignUp() {
  const { redirectTo, googleEnabled, draft, progress } = useLoaderData<typeof loader>();
  return (
    <AuthLayout tab="signup" redirectTo={redirectTo} googleEnabled={googleEnabled}>
      <SignUpForm
        draft={draft}
        progress={progress}
        redirectTo={redirectTo}
        lastResult={useActionData<typeof action>()}
      />
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
