// The account page's actions. Each checks the signed-in user and touches only that user's records.
import { countOf } from "~/utils/plural";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { AccountActionSchema } from "./account-forms";
import { EmailChangedEmail } from "~/emails/email-changed";
import { sendNotice } from "~/modules/platform/email.server";
import { revokeResetTokens, sendVerificationCode, userAccount, userExists } from "~/modules/accounts/auth.server";
import { db } from "~/modules/platform/database.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginClient,
  loginWaitMs,
  recordLoginFailure,
  tooManyLogins,
} from "~/modules/accounts/login-throttle.server";
import { hashPassword, verifyPassword } from "~/modules/accounts/password.server";
import { finalIndustry, VerificationCodeSchema } from "~/modules/accounts/registration";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { clearSessionCookie, readSessionId } from "~/modules/platform/session.server";
import { deleteAccountNow } from "~/modules/privacy/deletion.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { checkVerificationCode, consumeVerifiedCode } from "~/modules/accounts/verification.server";
import { saveGlossary } from "~/modules/accounts/glossary.server";

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";

type AccountUser = { id: string; email: string; passwordHash: string | null };
type FieldErrors = Record<string, string[]>;

/**
 * Proves that the person at the keyboard owns the account, before a password or email change: the current
 * password or, for an account without one (Google only), a code sent to its current address. A stolen
 * session alone is not enough. Wrong passwords count as failed sign-ins, so they cannot be guessed here
 * either. Returns the field errors, or null when proven.
 */
async function reauthenticate(
  user: AccountUser,
  proof: { currentPassword?: string; reauthCode?: string },
  client: LoginClient,
): Promise<FieldErrors | null> {
  if (!user.passwordHash) {
    const code = VerificationCodeSchema.safeParse(proof.reauthCode ?? "");
    if (!code.success) return { reauthCode: [`Enter the code we sent to ${user.email}`] };
    return answerRefusal(
      async () => {
        await checkVerificationCode(user.email, "REAUTH", code.data);
        await consumeVerifiedCode(user.email, "REAUTH");
        return null;
      },
      (refusal): FieldErrors => ({ reauthCode: [refusal.message] }),
    );
  }
  const password = proof.currentPassword ?? "";
  if (!password) return { currentPassword: ["Enter your current password"] };
  const account = userAccount(user.email);
  const waitMs = await loginWaitMs(account, client);
  if (waitMs > 0) return { currentPassword: [tooManyLogins(waitMs)] };
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordLoginFailure(account, client);
    return { currentPassword: [WRONG_CURRENT_PASSWORD] };
  }
  await clearLoginFailures(account, client);
  return null;
}

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
  const database = await db();
  const user = await database.user.findUniqueOrThrow({ where: { id: userId } });
  const currentSessionId = await readSessionId(request);

  switch (form.intent) {
    case "profile": {
      const { firstName, lastName, industry, industryOther } = form;
      const data = { firstName, lastName, industry: finalIndustry(industry, industryOther) };
      await database.user.update({ where: { id: userId }, data });
      return redirectWithToast("/account", { type: "success", title: "Profile saved" });
    }

    case "glossary": {
      await saveGlossary(userId, form.terms);
      const title = form.terms.length ? "Glossary saved" : "Glossary cleared";
      return redirectWithToast("/account#glossary-title", { type: "success", title });
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
      await database.user.update({
        where: { id: userId },
        data: { passwordHash: await hashPassword(form.newPassword) },
      });
      // Anyone who knew the old password, or holds a reset link, is shut out.
      await database.session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
      await revokeResetTokens(userId);
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
          await database.user.update({ where: { id: userId }, data: { email: pending, emailVerifiedAt: new Date() } });
          // Reset links went to the old address.
          await revokeResetTokens(userId);
          // The old address hears of it: the owner of a taken-over account learns at once.
          const notice = EmailChangedEmail({ newEmail: pending, time: new Date().toUTCString() });
          await sendNotice(user.email, "Your Voxlate email address was changed", notice);
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
      await database.verification.updateMany({
        where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null },
        data: { consumedAt: new Date() },
      });
      return redirectWithToast("/account", { type: "message", title: "Email change cancelled" });
    }

    case "revoke-session": {
      // Scoped to this user: another user's session id does nothing.
      await database.session.deleteMany({
        where: { id: form.sessionId, userId, NOT: { id: currentSessionId ?? "" } },
      });
      return redirectWithToast("/account", { type: "success", title: "Signed out of that browser" });
    }

    case "sign-out-others": {
      const { count } = await database.session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
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

/** The new address waiting for its code, if an email change is in progress. */
export async function pendingEmailChange(userId: string): Promise<string | null> {
  const pending = await (
    await db()
  ).verification.findFirst({
    where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { email: true },
  });
  return pending?.email ?? null;
}
