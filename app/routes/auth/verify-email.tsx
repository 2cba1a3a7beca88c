import { parseWithZod } from "@conform-to/zod/v4";
import { recordSignIn } from "~/modules/privacy/sign-in.server";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/verify-email";
import { verifyPageData } from "./auth-pages.server";
import { AuthErrorBoundary, AuthLayout } from "~/components/auth/auth-layout";
import { VerifyForm } from "~/components/auth/verify-form";
import { pageMeta } from "~/components/page";
import { registerUser, sendVerificationCode, verifyLoginCode, verifySignupCode } from "~/modules/accounts/auth.server";
import { pendingLoginCookie, readPendingLoginEmail } from "~/modules/accounts/pending-verification.server";
import { safeRedirectPath, withRedirect } from "~/utils/redirect";
import { VerifyCodeSchema, VerifyOtherSchema } from "~/modules/accounts/registration";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { startUserSession } from "~/modules/platform/session.server";
import {
  deleteDraft,
  draftCookieHeader,
  DraftPayloadSchema,
  markAwaitingCode,
  readDraft,
} from "~/modules/accounts/signup-draft.server";
import { redirectWithToast } from "~/modules/platform/toast.server";

export const meta: Route.MetaFunction = () => pageMeta("Check your email", "Enter the code we sent to your email.");

export const loader = ({ request }: Route.LoaderArgs) => verifyPageData(request);

/** The code of a sign-up or of an unverified sign-in; or, from the second form, a new code or back to sign-up. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const schema = form.get("intent") === "verify" ? VerifyCodeSchema : VerifyOtherSchema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const redirectTo = safeRedirectPath(submission.value.redirectTo, "");
  const draft = await readDraft(request);
  const pendingEmail = await readPendingLoginEmail(request);

  if (!("code" in submission.value)) {
    if (submission.value.intent === "back-to-registration") {
      if (draft) await markAwaitingCode(draft.id, false);
      const headers = { "Set-Cookie": await pendingLoginCookie(null) };
      return redirect(withRedirect("/signup", redirectTo), { status: 303, headers });
    }
    const email = draft?.awaitingCode ? draft.email : pendingEmail;
    if (!email) return redirect("/signup", 303);
    return answerRefusal(async () => {
      await sendVerificationCode(email, draft?.awaitingCode ? "SIGNUP" : "LOGIN");
      return redirectWithToast(withRedirect("/verify-email", redirectTo), { type: "success", title: "Code Resent" });
    }, refusalReply(submission));
  }

  const { code } = submission.value;
  // A wrong or expired code (VerificationError), or an address taken meanwhile (AccountExistsError), is the form's error.
  return answerRefusal(async () => {
    if (draft?.awaitingCode) {
      const payload = DraftPayloadSchema.parse(draft);
      await verifySignupCode(payload.email, code);
      const user = await registerUser({ ...payload, password: "" }, payload.passwordHash);
      await deleteDraft(draft.id);
      const headers = await startUserSession(user.id, request, context?.clientIp);
      await recordSignIn(user.id, request, context, "new account");
      headers.append("Set-Cookie", await draftCookieHeader(null));
      const created = { type: "success", title: "Account created successfully!" } as const;
      return redirectWithToast(redirectTo || "/plan-selection", created, { headers });
    }
    if (pendingEmail) {
      const userId = await verifyLoginCode(pendingEmail, code, { request, context });
      const headers = await startUserSession(userId, request, context?.clientIp);
      await recordSignIn(userId, request, context, "email code");
      headers.append("Set-Cookie", await pendingLoginCookie(null));
      return redirectWithToast(redirectTo || "/dashboard", { type: "success", title: "Welcome back!" }, { headers });
    }
    return redirect("/signup", 303);
  }, refusalReply(submission));
}

export default function VerifyEmail() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  return (
    <AuthLayout>
      <VerifyForm email={email} redirectTo={redirectTo} lastResult={useActionData<typeof action>()} />
    </AuthLayout>
  );
}

export const ErrorBoundary = AuthErrorBoundary;
