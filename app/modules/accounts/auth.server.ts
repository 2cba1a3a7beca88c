import crypto from "node:crypto";
import { NewDeviceEmail } from "~/emails/new-device";
import { PasswordResetEmail } from "~/emails/password-reset";
import { sendTemplateEmail } from "~/modules/platform/email.server";
import { VerificationCodeEmail } from "~/emails/verification-code";
import { WelcomeEmail } from "~/emails/welcome";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginWaitMs,
  recordLoginFailure,
  trustDeviceHeader,
  userAccount,
} from "./login-throttle.server";
import { appOrigin } from "~/config/env.server";
import { destroyUserSession, getUserId } from "~/modules/platform/session.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { singleton } from "~/config/singleton.server";
import { burnPasswordCheck, hashNewPassword, verifyPassword } from "./password.server";
import { PasswordSchema, type RegisterPayload, SignInSchema } from "./registration";
import { SecondFactorCodeSchema } from "./two-factor-forms";
import { hasTwoFactor } from "./two-factor.server";
import { recordSsoRequiredRefusal, ssoRequiredRefusal, ssoRequirementFor } from "./sso-required.server";
import {
  checkVerificationCode,
  consumeVerifiedCode,
  createVerificationCode,
  VerificationError,
} from "./verification.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("auth");

export { VerificationError };

/** The sign-in form's schema serves POST /api/login too. */
/** POST /api/login: the sign-in form's fields, and the second factor's code for accounts that have one. */
export const LoginSchema = SignInSchema.extend({ code: SecondFactorCodeSchema.optional() });

export const PUBLIC_USER_SELECT = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  industry: true,
  plan: true,
  requestedPlan: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;

export async function userExists(email: string): Promise<boolean> {
  return Boolean(await (await db()).user.findUnique({ where: { email }, select: { id: true } }));
}

/** The user's id when the email and password match, else null. Takes as long either way. */
export async function verifyLogin(email: string, password: string): Promise<{ id: string; verified: boolean } | null> {
  const user = await (
    await db()
  ).user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, emailVerifiedAt: true },
  });
  // No account, or a Google-only one: spend a real check's time, so timing reveals neither.
  if (!user?.passwordHash) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, verified: Boolean(user.emailVerifiedAt) };
}

export type LoginResult =
  | { status: "ok"; userId: string; deviceCookie: string }
  | { status: "invalid" }
  | { status: "throttled"; waitMs: number }
  | { status: "unverified" }
  | { status: "sso-required"; message: string };

export { userAccount };

/**
 * Checks email and password, slowed down after repeated failures (see login-throttle.server.ts). A success
 * returns the device cookie that lets this browser past the account-wide limit later. An unverified address
 * gets a new code by email, and the caller shows the verification screen (spec: EMAIL_NOT_VERIFIED).
 */
export async function login(
  email: string,
  password: string,
  client: LoginClient,
  source: AuditSource = {},
): Promise<LoginResult> {
  const account = userAccount(email);
  const waitMs = await loginWaitMs(account, client);
  // A throttled try is not checked, so not logged either: the failures that led to the wait are.
  if (waitMs > 0) return { status: "throttled", waitMs };
  const user = await verifyLogin(email, password);
  if (!user) {
    await recordLoginFailure(account, client);
    await recordSignInFailure(email, "password", source);
    return { status: "invalid" };
  }
  // Only after the password is right: a wrong one answers as for anyone, so the refusal tells a guesser nothing.
  const ssoRequired = await ssoRequirementFor(user.id);
  if (ssoRequired) {
    await recordSsoRequiredRefusal(user.id, "password", ssoRequired, source);
    return { status: "sso-required", message: ssoRequiredRefusal(ssoRequired) };
  }
  // With a second factor the sign-in is not done yet: the failures are cleared when the code is right, else a guesser
  // who has the password could reset the count before every guess at the code.
  if (!(await hasTwoFactor(user.id))) await clearLoginFailures(account, client);
  if (!user.verified) {
    await sendVerificationCode(email, "LOGIN").catch((error) => {
      // A code sent a moment ago still works; a rate limit here must not hide the verification screen.
      if (!(error instanceof VerificationError)) throw error;
    });
    return { status: "unverified" };
  }
  return { status: "ok", userId: user.id, deviceCookie: await trustDeviceHeader(account, client) };
}

/**
 * A failed sign-in, into the audit trail: against the account when the address has one (its owner sees it on
 * /data-privacy), else against the address typed. Nobody is signed in, so there is no actor. Later sign-in methods
 * (two-factor, passkeys, SSO) call this with their own `method`.
 */
export async function recordSignInFailure(email: string | null, method: string, source: AuditSource = {}) {
  const address = email?.trim().toLowerCase().slice(0, 200) ?? null;
  const user = address
    ? await (
        await db()
      ).user.findFirst({ where: { email: { equals: address, mode: "insensitive" } }, select: { id: true } })
    : null;
  await recordAudit({
    ...source,
    action: "sign-in.failed",
    target: user ? { kind: "user", id: user.id } : { kind: "user", label: address },
    detail: { method },
  });
}

const EMAIL_KIND = { SIGNUP: "signup", LOGIN: "login", EMAIL_CHANGE: "email-change", REAUTH: "reauth" } as const;

export async function sendVerificationCode(email: string, purpose: keyof typeof EMAIL_KIND, userId?: string) {
  const code = await createVerificationCode(email, purpose, userId);
  const kind = EMAIL_KIND[purpose];
  await sendTemplateEmail(
    email,
    `Your Voxlate verification code: ${code}`,
    VerificationCodeEmail({ code, purpose: kind }),
  );
}

/** Checks a sign-up code; a right code lets registerUser create the account (once). */
export async function verifySignupCode(email: string, code: string) {
  await checkVerificationCode(email, "SIGNUP", code);
}

/** Checks the code of an existing but unverified account and marks its address verified. */
export async function verifyLoginCode(email: string, code: string, source: AuditSource = {}): Promise<string> {
  try {
    await checkVerificationCode(email, "LOGIN", code);
  } catch (error) {
    // A wrong or expired code is a failed sign-in, like a wrong password.
    if (error instanceof VerificationError) await recordSignInFailure(email, "email code", source);
    throw error;
  }
  await consumeVerifiedCode(email, "LOGIN");
  const user = await (
    await db()
  ).user.update({ where: { email }, data: { emailVerifiedAt: new Date() }, select: { id: true } });
  return user.id;
}

export class AccountExistsError extends ExpectedError {
  constructor() {
    super("An account with this email already exists. Please sign in instead.", 409);
  }
}

/** Creates the account after its email was verified (spec section 4), with a hashed password. */
export async function registerUser(payload: RegisterPayload, passwordHash?: string) {
  if (await userExists(payload.email)) throw new AccountExistsError();
  // Before the code is used up: a refused password leaves the verified address ready for another try.
  const hash = passwordHash ?? (await hashNewPassword(payload.password, payload));
  await consumeVerifiedCode(payload.email, "SIGNUP");
  const user = await (
    await db()
  ).user.create({
    data: {
      email: payload.email,
      firstName: payload.firstName,
      lastName: payload.lastName,
      industry: payload.industry,
      hearAboutUs: payload.hearAboutUs || null,
      passwordHash: hash,
      emailVerifiedAt: new Date(),
    },
    select: PUBLIC_USER_SELECT,
  });
  await sendTemplateEmail(
    user.email,
    "Welcome to Voxlate",
    WelcomeEmail({ firstName: user.firstName, dashboardUrl: `${appOrigin()}/dashboard` }),
  );
  return user;
}

// ---- Password reset ------------------------------------------------------------------------------

export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_LINK = "This reset link is invalid or has expired";
export const RESET_REQUESTED = "If an account exists for this email, we have sent a link to reset the password.";

/** Reset emails per address per hour; more requests get the same answer and no email. */
export const RESETS_PER_HOUR = 3;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

// Pending reset emails per address, one after another, so parallel requests cannot pass the hourly limit.
const pendingResets = () => singleton("password-reset-queue", () => new Map<string, Promise<void>>());

/**
 * Emails a single-use reset link when the account exists. Answers at once either way: the lookup, the
 * limit, the token and the email happen after the response, so neither the answer nor its timing tells
 * whether the address has an account.
 */
export function requestPasswordReset(email: string): void {
  const queue = pendingResets();
  const next: Promise<void> = (queue.get(email) ?? Promise.resolve())
    .then(() => sendPasswordReset(email))
    .catch((error: unknown) => log.error({ err: error }, "password reset email failed"))
    .finally(() => {
      if (queue.get(email) === next) queue.delete(email);
    });
  queue.set(email, next);
}

/** Resolves when every reset email requested so far was sent or skipped (for tests). */
export async function passwordResetsSettled() {
  await Promise.all(pendingResets().values());
}

async function sendPasswordReset(email: string) {
  const database = await db();
  const user = await database.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  const lastHour = await database.passwordReset.count({
    where: { userId: user.id, createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } },
  });
  if (lastHour >= RESETS_PER_HOUR) return;
  const token = crypto.randomBytes(32).toString("base64url");
  await database.passwordReset.create({
    data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) },
  });
  const resetUrl = `${appOrigin()}/reset-password?token=${token}`;
  await sendTemplateEmail(email, "Reset your Voxlate password", PasswordResetEmail({ resetUrl }));
}

/** The reset's user, when the token is known, unused and unexpired. */
export async function validateResetToken(token: string): Promise<{ resetId: string; userId: string } | null> {
  if (!token) return null;
  const reset = await (await db()).passwordReset.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!reset || reset.usedAt || reset.expiresAt < new Date()) return null;
  return { resetId: reset.id, userId: reset.userId };
}

/** Uses up every unused reset link of the user: after a reset, a password change or an email change. */
export function revokeResetTokens(userId: string) {
  return db().then((database) =>
    database.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } }),
  );
}

/**
 * Sets the new password, uses up this token and every older one, and ends every session of the user.
 * Returns the user's email, or null when the token is not valid.
 */
export async function resetPassword(token: string, newPassword: string): Promise<string | null> {
  PasswordSchema.parse(newPassword);
  const valid = await validateResetToken(token);
  if (!valid) return null;
  const database = await db();
  const owner = await database.user.findUniqueOrThrow({
    where: { id: valid.userId },
    select: { email: true, firstName: true, lastName: true },
  });
  const passwordHash = await hashNewPassword(newPassword, owner);
  const [, user] = await database.$transaction([
    database.passwordReset.updateMany({ where: { userId: valid.userId, usedAt: null }, data: { usedAt: new Date() } }),
    database.user.update({ where: { id: valid.userId }, data: { passwordHash }, select: { email: true } }),
    database.session.deleteMany({ where: { userId: valid.userId } }),
  ]);
  return user.email;
}

/** Tells the user about a sign-in from a browser their account has not used before. */
export async function notifyNewDevice(userId: string, userAgent: string | null) {
  const database = await db();
  const browser = userAgent?.slice(0, 500) ?? "Unknown browser";
  const known = await database.session.count({ where: { userId, userAgent: browser } });
  if (known > 1) return; // The session just created is one.
  const user = await database.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) return;
  await sendTemplateEmail(
    user.email,
    "New sign-in to your Voxlate account",
    NewDeviceEmail({ browser, time: new Date().toUTCString() }),
  );
}

/**
 * Signs this browser out: the session ends (into the audit trail, as the account's event) and the Set-Cookie header
 * that clears the cookie is returned. The cookie is cleared by the caller even if this fails.
 */
export async function signOut(request: Request, source: AuditSource = {}): Promise<string> {
  const userId = await getUserId(request);
  const cookie = await destroyUserSession(request);
  if (userId) await recordAudit({ request, ...source, action: "sign-out", actorId: userId });
  return cookie;
}
