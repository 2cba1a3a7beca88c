// The account page's actions. Each checks the signed-in user and touches only that user's records.
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { DELETE_CONFIRMATION, type AccountActionData } from "./account";
import { revokeResetTokens, sendVerificationCode, userAccount, userExists, VerificationError } from "./auth.server";
import { db } from "~/modules/platform/database.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginClient,
  loginWaitMs,
  recordLoginFailure,
  tooManyLogins,
} from "./login-throttle.server";
import { hashPassword, verifyPassword } from "./password.server";
import {
  EmailSchema,
  finalIndustry,
  FirstNameSchema,
  INDUSTRIES,
  LastNameSchema,
  OTHER_INDUSTRY,
  PasswordSchema,
  VerificationCodeSchema,
} from "./registration";
import { clearSessionCookie, readSessionId } from "~/modules/platform/session.server";
import { deleteUserFiles } from "~/modules/recordings/stored-files.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { checkVerificationCode, consumeVerifiedCode } from "./verification.server";
import { readFormFields } from "~/modules/platform/request-body.server";
import { EmailChangedEmail } from "~/emails/email-changed";
import { sendNotice } from "~/modules/platform/email.server";
import { countOf } from "~/utils/plural";

/** `values` refill what was typed, for the server-rendered form (without JavaScript). */
const fail = (intent: string, error: string, status = 400, errors?: Record<string, string>, values?: Record<string, string>) =>
  data({ intent, error, errors, values } satisfies AccountActionData, { status });

const ProfileSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    industry: z.enum(INDUSTRIES, { message: "Please select your industry" }),
    industryOther: z.string().trim().max(200).optional(),
  })
  .refine((value) => value.industry !== OTHER_INDUSTRY || Boolean(value.industryOther), {
    message: "Please specify your industry",
    path: ["industryOther"],
  });

const PasswordChangeSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";

type AccountUser = { id: string; email: string; passwordHash: string | null };

/**
 * Proves that the person at the keyboard owns the account, before a password or email change: the current
 * password or, for an account without one (Google only), a code sent to its current address. A stolen
 * session alone is not enough. Wrong passwords count as failed sign-ins, so they cannot be guessed here
 * either. Returns the field errors, or null when proven.
 */
async function reauthenticate(
  user: AccountUser,
  form: Record<string, FormDataEntryValue>,
  client: LoginClient,
): Promise<Record<string, string> | null> {
  if (!user.passwordHash) {
    const code = VerificationCodeSchema.safeParse(form.reauthCode ?? "");
    if (!code.success) return { reauthCode: `Enter the code we sent to ${user.email}` };
    try {
      await checkVerificationCode(user.email, "REAUTH", code.data);
      await consumeVerifiedCode(user.email, "REAUTH");
      return null;
    } catch (error) {
      if (error instanceof VerificationError) return { reauthCode: error.message };
      throw error;
    }
  }
  const password = typeof form.currentPassword === "string" ? form.currentPassword : "";
  if (!password) return { currentPassword: "Enter your current password" };
  const account = userAccount(user.email);
  const waitMs = loginWaitMs(account, client);
  if (waitMs > 0) return { currentPassword: tooManyLogins(waitMs) };
  if (!(await verifyPassword(user.passwordHash, password))) {
    recordLoginFailure(account, client);
    return { currentPassword: WRONG_CURRENT_PASSWORD };
  }
  clearLoginFailures(account, client);
  return null;
}

/** The first field error as the form's message, and all of them beside their fields. */
const failWith = (intent: string, errors: Record<string, string>, values?: Record<string, string>) =>
  fail(intent, Object.values(errors)[0]!, 400, errors, values);

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

export async function handleAccountAction(request: Request, userId: string, context?: AppLoadContext) {
  const form = await readFormFields(request);
  const intent = String(form.intent ?? "");
  const database = await db();
  const user = await database.user.findUniqueOrThrow({ where: { id: userId } });
  const currentSessionId = await readSessionId(request);

  switch (intent) {
    case "profile": {
      const parsed = ProfileSchema.safeParse(form);
      if (!parsed.success) return fail(intent, parsed.error.issues[0]!.message, 400, fieldErrors(parsed.error));
      const { firstName, lastName, industry, industryOther } = parsed.data;
      await database.user.update({ where: { id: userId }, data: { firstName, lastName, industry: finalIndustry(industry, industryOther) } });
      return redirectWithToast("/account", { type: "success", title: "Profile saved" });
    }

    case "reauth-code": {
      // Accounts without a password prove themselves with a code to their current address.
      if (user.passwordHash) return fail(intent, "Enter your current password instead");
      try {
        await sendVerificationCode(user.email, "REAUTH", userId);
      } catch (error) {
        if (error instanceof VerificationError) return fail(intent, error.message, error.status);
        throw error;
      }
      return redirectWithToast("/account", {
        type: "success",
        title: "Verification Code Sent",
        description: `Enter the code we sent to ${user.email}.`,
      });
    }

    case "password": {
      const parsed = PasswordChangeSchema.safeParse(form);
      if (!parsed.success) return fail(intent, parsed.error.issues[0]!.message, 400, fieldErrors(parsed.error));
      const reauthErrors = await reauthenticate(user, form, await loginClient(request, context));
      if (reauthErrors) return failWith(intent, reauthErrors);
      await database.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(parsed.data.newPassword) } });
      // Anyone who knew the old password, or holds a reset link, is shut out.
      await database.session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
      await revokeResetTokens(userId);
      const title = user.passwordHash ? "Password changed" : "Password set";
      return redirectWithToast("/account", { type: "success", title, description: "Other browsers were signed out." });
    }

    case "email": {
      const parsed = z.object({ newEmail: EmailSchema }).safeParse(form);
      if (!parsed.success) return fail(intent, parsed.error.issues[0]!.message, 400, { newEmail: parsed.error.issues[0]!.message });
      const newEmail = parsed.data.newEmail;
      if (newEmail === user.email) return fail(intent, "That is already your email address");
      const reauthErrors = await reauthenticate(user, form, await loginClient(request, context));
      if (reauthErrors) return failWith(intent, reauthErrors, { newEmail });
      if (await userExists(newEmail)) return fail(intent, "An account with this email already exists.", 400, undefined, { newEmail });
      try {
        await sendVerificationCode(newEmail, "EMAIL_CHANGE", userId);
      } catch (error) {
        if (error instanceof VerificationError) return fail(intent, error.message, error.status);
        throw error;
      }
      return redirectWithToast("/account", { type: "success", title: "Verification Code Sent", description: `Enter the code we sent to ${newEmail}.` });
    }

    case "email-verify": {
      const pending = await pendingEmailChange(userId);
      if (!pending) return fail(intent, "Request a new code to change your email.");
      const code = VerificationCodeSchema.safeParse(form.code ?? "");
      if (!code.success) return fail(intent, code.error.issues[0]!.message);
      try {
        await checkVerificationCode(pending, "EMAIL_CHANGE", code.data);
        await consumeVerifiedCode(pending, "EMAIL_CHANGE");
      } catch (error) {
        if (error instanceof VerificationError) return fail(intent, error.message, error.status);
        throw error;
      }
      if (await userExists(pending)) return fail(intent, "An account with this email already exists.");
      await database.user.update({ where: { id: userId }, data: { email: pending, emailVerifiedAt: new Date() } });
      // Reset links went to the old address.
      await revokeResetTokens(userId);
      // The old address hears of it: the owner of a taken-over account learns at once.
      await sendNotice(user.email, "Your Voxlate email address was changed", EmailChangedEmail({ newEmail: pending, time: new Date().toUTCString() }));
      return redirectWithToast("/account", { type: "success", title: "Email changed", description: `You now sign in with ${pending}.` });
    }

    case "email-cancel": {
      await database.verification.updateMany({
        where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null },
        data: { consumedAt: new Date() },
      });
      return redirectWithToast("/account", { type: "message", title: "Email change cancelled" });
    }

    case "revoke-session": {
      const sessionId = String(form.sessionId ?? "");
      // Scoped to this user: another user's session id does nothing.
      await database.session.deleteMany({ where: { id: sessionId, userId, NOT: { id: currentSessionId ?? "" } } });
      return redirectWithToast("/account", { type: "success", title: "Signed out of that browser" });
    }

    case "sign-out-others": {
      const { count } = await database.session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
      return redirectWithToast("/account", { type: "success", title: `Signed out of ${countOf(count, "other browser")}` });
    }

    case "delete": {
      if (form.confirmation !== DELETE_CONFIRMATION) {
        return fail(intent, `Type ${DELETE_CONFIRMATION} to confirm`, 400, { confirmation: `Type ${DELETE_CONFIRMATION} to confirm` });
      }
      await database.$transaction([
        database.verification.deleteMany({ where: { OR: [{ userId }, { email: user.email }] } }),
        database.user.delete({ where: { id: userId } }),
      ]);
      // The rows are gone; now the audio. A storage hiccup here is caught by the hourly orphan sweep.
      await deleteUserFiles(userId).catch((error: unknown) => console.error(`[account] could not delete the files of ${userId}:`, error));
      return redirectWithToast("/", { type: "success", title: "Your account has been deleted" }, {
        headers: { "Set-Cookie": await clearSessionCookie() },
      });
    }

    default:
      return fail(intent, "Unknown action");
  }
}

/** The new address waiting for its code, if an email change is in progress. */
export async function pendingEmailChange(userId: string): Promise<string | null> {
  const pending = await (await db()).verification.findFirst({
    where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { email: true },
  });
  return pending?.email ?? null;
}
