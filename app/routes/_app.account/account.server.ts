// The account page's action: parses each form, calls the accounts domain (and privacy, for deleting the account)
// and answers. Each step checks the signed-in user and touches only that user's records.
import { countOf } from "~/utils/plural";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { AccountActionSchema } from "./account-forms";
import { sendVerificationCode, userExists } from "~/modules/accounts/auth.server";
import {
  accountUser,
  cancelEmailChange,
  changeEmail,
  pendingEmailChange,
  reauthenticate,
  revokeSession,
  saveProfile,
  setPassword,
  signOutOtherSessions,
} from "~/modules/accounts/account-settings.server";
import { loginClient } from "~/modules/accounts/login-throttle.server";
import { finalIndustry } from "~/modules/accounts/registration";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { clearSessionCookie, currentSessionId } from "~/modules/platform/session.server";
import { deleteAccountNow } from "~/modules/privacy/deletion.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { checkVerificationCode, consumeVerifiedCode } from "~/modules/accounts/verification.server";
import { saveGlossary, saveSensitiveTerms } from "~/modules/workspaces/glossary.server";

type FieldErrors = Record<string, string[]>;

/** Passwords are never sent back into the page. */
const hideFields = ["currentPassword", "newPassword", "confirmPassword"];

/** A refused post: Conform's reply (the form's or the fields' errors) with its status. */
function refuse(
  submission: Submission<unknown, string[]>,
  errors: { formErrors?: string[]; fieldErrors?: FieldErrors },
  status = 400,
) {
  return data(submission.reply({ ...errors, hideFields }), { status });
}

export async function handleAccountAction(request: Request, userId: string, context?: AppLoadContext) {
  const submission = parseWithZod(await readForm(request), { schema: AccountActionSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const form = submission.value;
  const user = await accountUser(userId);
  const thisSessionId = await currentSessionId(request);

  switch (form.intent) {
    case "profile": {
      const { firstName, lastName, industry, industryOther } = form;
      await saveProfile(userId, { firstName, lastName, industry: finalIndustry(industry, industryOther) });
      return redirectWithToast("/account", { type: "success", title: "Profile saved" });
    }

    case "glossary": {
      // The current workspace's: a team member whose role may not change it is told so under the field.
      const refused = await answerRefusal(
        () => saveGlossary(userId, form.terms),
        refusalReply(submission, { field: "terms" }),
      );
      if (refused) return refused;
      const title = form.terms.length ? "Glossary saved" : "Glossary cleared";
      return redirectWithToast("/account#glossary-title", { type: "success", title });
    }

    case "sensitive-terms": {
      const refused = await answerRefusal(
        () => saveSensitiveTerms(userId, form.sensitiveTerms),
        refusalReply(submission, { field: "sensitiveTerms" }),
      );
      if (refused) return refused;
      const title = form.sensitiveTerms.length ? "Sensitive terms saved" : "No terms are marked sensitive";
      return redirectWithToast("/account#sensitive-terms-title", { type: "success", title });
    }

    case "reauth-code": {
      // Accounts without a password prove themselves with a code to their current address.
      if (user.passwordHash) return refuse(submission, { formErrors: ["Enter your current password instead"] });
      return answerRefusal(
        async () => {
          await sendVerificationCode(user.email, "REAUTH", userId);
          return redirectWithToast("/account", {
            type: "success",
            title: "Verification Code Sent",
            description: `Enter the code we sent to ${user.email}.`,
          });
        },
        refusalReply(submission, { field: "reauthCode", hideFields }),
      );
    }

    case "password": {
      const reauthErrors = await reauthenticate(user, form, await loginClient(request, context));
      if (reauthErrors) return refuse(submission, { fieldErrors: reauthErrors });
      // Anyone who knew the old password, or holds a reset link, is shut out.
      const refused = await answerRefusal(
        () => setPassword(userId, form.newPassword, thisSessionId),
        refusalReply(submission, { field: "newPassword", hideFields }),
      );
      if (refused) return refused;
      const title = user.passwordHash ? "Password changed" : "Password set";
      return redirectWithToast("/account", { type: "success", title, description: "Other browsers were signed out." });
    }

    case "email": {
      const { newEmail } = form;
      if (newEmail === user.email) return refuse(submission, { formErrors: ["That is already your email address"] });
      const reauthErrors = await reauthenticate(user, form, await loginClient(request, context));
      if (reauthErrors) return refuse(submission, { fieldErrors: reauthErrors });
      if (await userExists(newEmail)) {
        return refuse(submission, { formErrors: ["An account with this email already exists."] });
      }
      return answerRefusal(
        async () => {
          await sendVerificationCode(newEmail, "EMAIL_CHANGE", userId);
          return redirectWithToast("/account", {
            type: "success",
            title: "Verification Code Sent",
            description: `Enter the code we sent to ${newEmail}.`,
          });
        },
        refusalReply(submission, { hideFields }),
      );
    }

    case "email-verify": {
      const pending = await pendingEmailChange(userId);
      if (!pending) return refuse(submission, { formErrors: ["Request a new code to change your email."] });
      return answerRefusal(
        async () => {
          await checkVerificationCode(pending, "EMAIL_CHANGE", form.code);
          await consumeVerifiedCode(pending, "EMAIL_CHANGE");
          if (await userExists(pending)) {
            return refuse(submission, { formErrors: ["An account with this email already exists."] });
          }
          // Reset links went to the old address, which hears of the change.
          await changeEmail(userId, user.email, pending);
          return redirectWithToast("/account", {
            type: "success",
            title: "Email changed",
            description: `You now sign in with ${pending}.`,
          });
        },
        refusalReply(submission, { hideFields }),
      );
    }

    case "email-cancel": {
      await cancelEmailChange(userId);
      return redirectWithToast("/account", { type: "message", title: "Email change cancelled" });
    }

    case "revoke-session": {
      // Scoped to this user: another user's session id does nothing.
      const ended = await revokeSession(userId, form.sessionId, thisSessionId, { request, context });
      return ended
        ? redirectWithToast("/account", { type: "success", title: "Signed out of that browser" })
        : redirectWithToast("/account", { type: "message", title: "That browser was already signed out" });
    }

    case "sign-out-others": {
      const count = await signOutOtherSessions(userId, thisSessionId, { request, context });
      const title = `Signed out of ${countOf(count, "other browser")}`;
      return redirectWithToast("/account", { type: "success", title });
    }

    case "delete": {
      // One implementation with /data-privacy: the paid plan, pending jobs, rows, then audio and exports.
      await deleteAccountNow(userId);
      return redirectWithToast(
        "/",
        { type: "success", title: "Your account has been deleted" },
        { headers: { "Set-Cookie": await clearSessionCookie() } },
      );
    }
  }
}
