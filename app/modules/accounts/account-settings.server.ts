// The account page's rules: the profile, password and email changes with the proof of ownership they need, and the
// user's browser sessions. Each function touches only the given user's records; the page's action
// (routes/_app.account/account.server.ts) parses the forms, calls these and answers.
import { EmailChangedEmail } from "~/emails/email-changed";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { sendNotice } from "~/modules/platform/email.server";
import { answerRefusal } from "~/modules/platform/refusals.server";
import { revokeResetTokens, userAccount } from "./auth.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginWaitMs,
  recordLoginFailure,
  tooManyLogins,
} from "./login-throttle.server";
import { hashNewPassword, verifyPassword } from "./password.server";
import { VerificationCodeSchema } from "./registration";
import { checkVerificationCode, consumeVerifiedCode } from "./verification.server";

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";

export type AccountUser = { id: string; email: string; passwordHash: string | null };
type FieldErrors = Record<string, string[]>;

/**
 * Proves that the person at the keyboard owns the account, before a password or email change: the current
 * password or, for an account without one (Google only), a code sent to its current address. A stolen
 * session alone is not enough. Wrong passwords count as failed sign-ins, so they cannot be guessed here
 * either. Returns the field errors, or null when proven.
 */
export async function reauthenticate(
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

/** The signed-in user's row, for the account page's action. */
export async function accountUser(userId: string) {
  return (await db()).user.findUniqueOrThrow({ where: { id: userId } });
}

/** What the account page shows of the user (and whether a password is set, from its hash). */
export async function accountProfile(userId: string) {
  return (await db()).user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      firstName: true,
      lastName: true,
      email: true,
      industry: true,
      plan: true,
      requestedPlan: true,
      createdAt: true,
      passwordHash: true,
    },
  });
}

/** The user's browsers that are still signed in, most recently seen first. */
export async function activeSessions(userId: string) {
  return (await db()).session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastSeenAt: true },
  });
}

export async function saveProfile(userId: string, profile: { firstName: string; lastName: string; industry: string }) {
  await (await db()).user.update({ where: { id: userId }, data: profile });
}

/** Sets a new password. Anyone who knew the old one, or holds a reset link, is shut out: other sessions end. */
export async function setPassword(userId: string, newPassword: string, currentSessionId: string | undefined) {
  const database = await db();
  const owner = await database.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, firstName: true, lastName: true },
  });
  await database.user.update({
    where: { id: userId },
    data: { passwordHash: await hashNewPassword(newPassword, owner) },
  });
  await database.session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
  await revokeResetTokens(userId);
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

/** Moves the account to its verified new address; reset links went to the old one, which hears of the change. */
export async function changeEmail(userId: string, oldEmail: string, newEmail: string) {
  await (await db()).user.update({ where: { id: userId }, data: { email: newEmail, emailVerifiedAt: new Date() } });
  await revokeResetTokens(userId);
  // The owner of a taken-over account learns at once.
  const notice = EmailChangedEmail({ newEmail, time: new Date().toUTCString() });
  await sendNotice(oldEmail, "Your Voxlate email address was changed", notice);
}

export async function cancelEmailChange(userId: string) {
  await (
    await db()
  ).verification.updateMany({
    where: { userId, purpose: "EMAIL_CHANGE", consumedAt: null },
    data: { consumedAt: new Date() },
  });
}

/**
 * Ends one of the user's other sessions; another user's session id, or the current one, does nothing. Returns whether
 * one ended (and was recorded in the audit trail).
 */
export async function revokeSession(
  userId: string,
  sessionId: string,
  currentSessionId: string | undefined,
  source: AuditSource = {},
): Promise<boolean> {
  const database = await db();
  const session = await database.session.findFirst({
    where: { id: sessionId, userId, NOT: { id: currentSessionId ?? "" } },
    select: { id: true, userAgent: true },
  });
  if (!session) return false;
  const { count } = await database.session.deleteMany({ where: { id: session.id } });
  if (count > 0) {
    await recordAudit({
      ...source,
      action: "session.revoked",
      actorId: userId,
      target: { kind: "user", id: userId, label: session.userAgent?.slice(0, 200) ?? null },
    });
  }
  return count > 0;
}

/** Ends every session of the user but the current one, into the audit trail. Returns how many ended. */
export async function signOutOtherSessions(
  userId: string,
  currentSessionId: string | undefined,
  source: AuditSource = {},
): Promise<number> {
  const { count } = await (await db()).session.deleteMany({ where: { userId, id: { not: currentSessionId ?? "" } } });
  await recordAudit({ ...source, action: "sessions.revoked-others", actorId: userId, detail: { count } });
  return count;
}
