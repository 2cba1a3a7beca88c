// Server side of the auth page (/signin, /signup, /auth, /forgot-password, /reset-password): every mode
// is a plain form post, so the whole flow works without JavaScript.
import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import {
  AccountExistsError,
  INVALID_RESET_LINK,
  login,
  LoginSchema,
  notifyNewDevice,
  registerUser,
  requestPasswordReset,
  RESET_REQUESTED,
  resetPassword,
  sendVerificationCode,
  userExists,
  validateResetToken,
  userAccount,
  VerificationError,
  verifyLoginCode,
  verifySignupCode,
} from "./auth.server";
import { isGoogleConfigured } from "./google-auth.server";
import { loginClient, tooManyLogins, trustDeviceHeader } from "./login-throttle.server";
import { pendingLoginCookie, readPendingLoginEmail } from "./pending-verification.server";
import { safeRedirectPath } from "~/utils/redirect";
import { EmailSchema, VerificationCodeSchema } from "./registration";
import { requireAnonymous, startUserSession } from "~/modules/platform/session.server";
import {
  deleteDraft,
  draftCookieHeader,
  DraftPayloadSchema,
  markAwaitingCode,
  readDraft,
  saveSignupStep,
  SIGNUP_STEPS,
  STEP_ERRORS,
  type SignupStep,
} from "./signup-draft.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { readForm } from "~/modules/platform/request-body.server";

export type AuthMode = "register" | "signin" | "verify" | "reset-request" | "reset-password";

/** Spec section 2: /signin or ?tab=signin selects sign-in; ?reset or ?token opens set-new-password; default register. */
function modeFor(url: URL): AuthMode {
  if (url.searchParams.get("mode") === "verify") return "verify";
  if (url.pathname === "/reset-password" || url.searchParams.has("reset") || url.searchParams.has("token")) {
    return "reset-password";
  }
  if (url.pathname === "/forgot-password" || url.searchParams.get("mode") === "forgot") return "reset-request";
  if (url.pathname === "/signin" || url.searchParams.get("tab") === "signin") return "signin";
  return "register";
}

export async function loadAuthPage(request: Request) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  let mode = modeFor(url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const draft = await readDraft(request);
  const pendingLoginEmail = await readPendingLoginEmail(request);

  if (mode === "verify" && !draft?.awaitingCode && !pendingLoginEmail) mode = "register";
  const token = url.searchParams.get("token") ?? "";
  if (mode === "reset-password" && !(await validateResetToken(token))) {
    throw await redirectWithToast("/auth?mode=forgot", {
      type: "error",
      title: "Invalid Reset Link",
      description: INVALID_RESET_LINK,
    });
  }
  const doneSteps = draft
    ? SIGNUP_STEPS.filter((step) =>
        step === "confirmPassword" ? draft.passwordConfirmed : step === "password" ? Boolean(draft.passwordHash) : Boolean(draft[step]),
      ).length
    : 0;
  return {
    mode,
    redirectTo,
    token,
    googleEnabled: isGoogleConfigured(),
    verifyEmail: mode === "verify" ? (pendingLoginEmail && !draft?.awaitingCode ? pendingLoginEmail : draft?.email ?? "") : "",
    draft: {
      firstName: draft?.firstName ?? "",
      lastName: draft?.lastName ?? "",
      email: draft?.email ?? "",
      industry: draft?.industry ?? "",
      hearAboutUs: draft?.hearAboutUs ?? "",
      passwordSaved: Boolean(draft?.passwordHash),
      passwordConfirmed: Boolean(draft?.passwordConfirmed),
      /** How many steps to show: the completed ones and the next. */
      visibleSteps: Math.min(SIGNUP_STEPS.length, doneSteps + 1),
    },
  };
}

export type AuthActionData =
  | { intent: "signin"; error: string; toastTitle: string }
  | { intent: "signup"; errors: Partial<Record<SignupStep | "industryOther", string>>; toast?: string }
  | { intent: "verify"; error: string; toastTitle: string }
  | { intent: "resend"; error?: string; ok?: string }
  | { intent: "reset-request"; error?: string; ok?: string }
  | { intent: "reset-password"; error: string };

const fail = (payload: AuthActionData, status = 400) => data(payload, { status });

export async function handleAuthAction(request: Request, context?: AppLoadContext) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "");
  const headers = new Headers();

  switch (intent) {
    case "signin": {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        return fail({ intent, error: parsed.error.issues[0]?.message ?? "Login failed", toastTitle: "Login Failed" });
      }
      const result = await login(parsed.data.email, parsed.data.password, await loginClient(request, context));
      if (result.status === "throttled") {
        return fail({ intent, error: tooManyLogins(result.waitMs), toastTitle: "Login Failed" }, 429);
      }
      if (result.status === "invalid") {
        return fail({ intent, error: "Invalid email or password", toastTitle: "Login Failed" }, 401);
      }
      if (result.status === "unverified") {
        headers.append("Set-Cookie", await pendingLoginCookie(parsed.data.email));
        return redirectWithToast(
          withRedirect("/auth?mode=verify", redirectTo),
          { type: "message", title: "Email Verification Required", description: "A new verification code has been sent to your email." },
          { headers },
        );
      }
      const sessionHeaders = await startUserSession(result.userId, request);
      sessionHeaders.append("Set-Cookie", result.deviceCookie);
      await notifyNewDevice(result.userId, request.headers.get("User-Agent"));
      return redirectWithToast(redirectTo || "/dashboard", { type: "success", title: "Welcome back!" }, { headers: sessionHeaders });
    }

    case "signup": {
      const { draft, nextStep, errors } = await saveSignupStep(request, form);
      headers.append("Set-Cookie", await draftCookieHeader(draft));
      const firstError = SIGNUP_STEPS.find((step) => errors[step]);
      const submitted = form.get("submit") === "create";
      if (firstError || errors.industryOther || (submitted && nextStep)) {
        const step = firstError ?? nextStep;
        return data(
          { intent, errors, toast: step ? STEP_ERRORS[step] : errors.industryOther } satisfies AuthActionData,
          { status: 400, headers },
        );
      }
      if (nextStep) return redirect(withRedirect("/signup", redirectTo), { status: 303, headers });

      // All six steps are done: check the address, then send the code (spec section 4).
      const payload = DraftPayloadSchema.parse(draft);
      if (await userExists(payload.email)) {
        return redirectWithToast(
          withRedirect("/signin?tab=signin", redirectTo),
          { type: "error", title: "Account Already Exists", description: "An account with this email already exists. Please sign in instead." },
          { headers },
        );
      }
      try {
        await sendVerificationCode(payload.email, "SIGNUP");
      } catch (error) {
        if (!(error instanceof VerificationError)) throw error;
        return data({ intent, errors: {}, toast: error.message } satisfies AuthActionData, { status: error.status, headers });
      }
      await markAwaitingCode(draft.id, true);
      return redirectWithToast(
        withRedirect("/auth?mode=verify", redirectTo),
        { type: "success", title: "Verification Code Sent", description: "Please check your email for the verification code" },
        { headers },
      );
    }

    case "verify": {
      const code = VerificationCodeSchema.safeParse(form.get("code") ?? "");
      if (!code.success) return fail({ intent, error: code.error.issues[0]!.message, toastTitle: "Verification Failed" });
      const draft = await readDraft(request);
      const pendingEmail = await readPendingLoginEmail(request);
      try {
        if (draft?.awaitingCode) {
          const payload = DraftPayloadSchema.parse(draft);
          await verifySignupCode(payload.email, code.data);
          const user = await registerUser({ ...payload, password: "" }, payload.passwordHash);
          await deleteDraft(draft.id);
          const sessionHeaders = await startUserSession(user.id, request);
          sessionHeaders.append("Set-Cookie", await draftCookieHeader(null));
          return redirectWithToast(redirectTo || "/plan-selection", { type: "success", title: "Account created successfully!" }, { headers: sessionHeaders });
        }
        if (pendingEmail) {
          const userId = await verifyLoginCode(pendingEmail, code.data);
          const sessionHeaders = await startUserSession(userId, request);
          sessionHeaders.append("Set-Cookie", await pendingLoginCookie(null));
          return redirectWithToast(redirectTo || "/dashboard", { type: "success", title: "Welcome back!" }, { headers: sessionHeaders });
        }
      } catch (error) {
        if (error instanceof VerificationError) return fail({ intent, error: error.message, toastTitle: "Verification Failed" }, error.status);
        if (error instanceof AccountExistsError) return fail({ intent, error: error.message, toastTitle: "Registration failed" }, 409);
        throw error;
      }
      return redirect("/signup", 303);
    }

    case "resend": {
      const draft = await readDraft(request);
      const email = draft?.awaitingCode ? draft.email : await readPendingLoginEmail(request);
      if (!email) return redirect("/signup", 303);
      try {
        await sendVerificationCode(email, draft?.awaitingCode ? "SIGNUP" : "LOGIN");
      } catch (error) {
        if (error instanceof VerificationError) return fail({ intent, error: error.message }, error.status);
        throw error;
      }
      return data({ intent, ok: "Code Resent" } satisfies AuthActionData);
    }

    case "back-to-registration": {
      const draft = await readDraft(request);
      if (draft) await markAwaitingCode(draft.id, false);
      headers.append("Set-Cookie", await pendingLoginCookie(null));
      return redirect(withRedirect("/signup", redirectTo), { status: 303, headers });
    }

    case "reset-request": {
      const email = EmailSchema.safeParse(form.get("email") ?? "");
      if (!email.success) return fail({ intent, error: email.error.issues[0]!.message });
      requestPasswordReset(email.data);
      return data({ intent, ok: RESET_REQUESTED } satisfies AuthActionData);
    }

    case "reset-password": {
      const parsed = z
        .object({ token: z.string().min(1).max(200), password: z.string(), confirmPassword: z.string() })
        .safeParse(Object.fromEntries(form));
      if (!parsed.success) return fail({ intent, error: "Failed to reset password" });
      const { token, password, confirmPassword } = parsed.data;
      if (password !== confirmPassword) return fail({ intent, error: "Passwords do not match" });
      if (password.length < 6) return fail({ intent, error: "Password must be at least 6 characters" });
      const email = await resetPassword(token, password);
      if (!email) {
        return redirectWithToast("/auth?mode=forgot", { type: "error", title: "Invalid Reset Link", description: INVALID_RESET_LINK });
      }
      // The reset link proved the address: this browser gets past the account-wide sign-in limit.
      const deviceCookie = await trustDeviceHeader(userAccount(email), await loginClient(request, context));
      return redirectWithToast(
        "/auth?tab=signin",
        { type: "success", title: "Password Reset Successful", description: "Your password has been updated. You can now sign in." },
        { headers: { "Set-Cookie": deviceCookie } },
      );
    }

    default:
      return data({ intent: "signin", error: "Unknown action", toastTitle: "Error" } satisfies AuthActionData, { status: 400 });
  }
}

function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`;
}
