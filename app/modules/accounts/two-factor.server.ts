// Two-factor sign-in by TOTP (RFC 6238), with recovery codes (ADR 038). The secret is sealed in the database; a code
// is accepted once (the time step it belongs to is remembered, so a code seen over someone's shoulder cannot be
// replayed within its 90 seconds); recovery codes are stored as hashes and each works once.
import crypto from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { openSecret, sealSecret } from "~/modules/platform/secret-box.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginWaitMs,
  recordLoginFailure,
  tooManyLogins,
  userAccount,
} from "./login-throttle.server";

const PERIOD_S = 30;
const DIGITS = 6;
const ALGORITHM = "SHA-1"; // What every authenticator app reads; the secret's 160 bits carry the strength.
export const RECOVERY_CODE_COUNT = 10;

export class TwoFactorError extends ExpectedError {}

export const WRONG_CODE = "That code is not right. Enter the current 6-digit code from your authenticator app.";
export const USED_CODE = "That code was already used. Wait for the next one in your authenticator app.";

/** Whether the account signs in with a second factor, and how many recovery codes are left. */
export async function twoFactorStatus(userId: string) {
  const database = await db();
  const [factor, recoveryCodesLeft] = await Promise.all([
    database.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    database.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabledAt: factor?.enabledAt ?? null, pending: Boolean(factor && !factor.enabledAt), recoveryCodesLeft };
}

/**
 * Whether sign-in asks this account for a second factor: an authenticator app, or a passkey (ADR 039). Two indexed
 * reads at once, on every sign-in.
 */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const database = await db();
  const [factor, passkey] = await Promise.all([
    database.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    database.passkey.findFirst({ where: { userId }, select: { id: true } }),
  ]);
  return Boolean(factor?.enabledAt) || Boolean(passkey);
}

/**
 * Starts (or restarts) enrolment: a new secret, not yet in force. Returns what the page shows: the secret for typing
 * in, and the otpauth:// address as a QR code (an SVG, so it shows without JavaScript).
 */
export async function startEnrolment(userId: string, accountName: string) {
  const existing = await twoFactorStatus(userId);
  if (existing.enabledAt) throw new TwoFactorError("Two-factor sign-in is already on.", 409);
  const { secret } = await generateTOTP({ period: PERIOD_S, digits: DIGITS, algorithm: ALGORITHM });
  const secretEncrypted = sealSecret(secret);
  await (
    await db()
  ).twoFactor.upsert({
    where: { userId },
    create: { userId, secretEncrypted },
    update: { secretEncrypted, enabledAt: null, lastUsedStep: null },
  });
  return enrolmentPicture(secret, accountName);
}

/** The pending enrolment's secret and QR code again (a reload of the page), or null when none is pending. */
export async function pendingEnrolment(userId: string, accountName: string) {
  const factor = await (await db()).twoFactor.findUnique({ where: { userId } });
  if (!factor || factor.enabledAt) return null;
  const secret = openSecret(factor.secretEncrypted);
  return secret ? enrolmentPicture(secret, accountName) : null;
}

async function enrolmentPicture(secret: string, accountName: string) {
  const uri = getTOTPAuthUri({
    period: PERIOD_S,
    digits: DIGITS,
    algorithm: ALGORITHM,
    secret,
    accountName,
    issuer: "Voxlate",
  });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // Groups of four, as authenticator apps show them, for typing in by hand.
  return { secret: secret.replace(/(.{4})/g, "$1 ").trim(), uri, qrSvg };
}

/** Turns two-factor on once the app proves it has the secret; returns the recovery codes, shown once. */
export async function confirmEnrolment(userId: string, code: string): Promise<string[]> {
  const factor = await (await db()).twoFactor.findUnique({ where: { userId } });
  if (!factor) throw new TwoFactorError("Start the set-up again: scan the new code with your app.", 409);
  if (factor.enabledAt) throw new TwoFactorError("Two-factor sign-in is already on.", 409);
  const step = await matchingStep(factor.secretEncrypted, code);
  if (step === null) throw new TwoFactorError(WRONG_CODE, 400);
  await (await db()).twoFactor.update({ where: { userId }, data: { enabledAt: new Date(), lastUsedStep: step } });
  return newRecoveryCodes(userId);
}

/**
 * Checks a second factor at sign-in or before a sensitive change: a TOTP code (not one already used) or an unused
 * recovery code, which is then used up. Throws a TwoFactorError with a sentence when it is neither.
 */
export async function verifySecondFactor(userId: string, input: string): Promise<"totp" | "recovery-code"> {
  const database = await db();
  const factor = await database.twoFactor.findUnique({ where: { userId } });
  // An account whose second factor is a passkey has recovery codes too (ADR 039), and no app.
  const passkey = factor?.enabledAt
    ? null
    : await database.passkey.findFirst({ where: { userId }, select: { id: true } });
  if (!factor?.enabledAt && !passkey) throw new TwoFactorError("Two-factor sign-in is not on for this account.", 409);
  const code = input.replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(code)) {
    if (!factor?.enabledAt) {
      throw new TwoFactorError("This account has no authenticator app: use your passkey or a recovery code.", 400);
    }
    const step = await matchingStep(factor.secretEncrypted, code);
    if (step === null) throw new TwoFactorError(WRONG_CODE, 400);
    // Only a later step than the last one used: a replayed (or older) code is refused, atomically across processes.
    const { count } = await database.twoFactor.updateMany({
      where: { userId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
      data: { lastUsedStep: step },
    });
    if (count === 0) throw new TwoFactorError(USED_CODE, 400);
    return "totp";
  }
  const { count } = await database.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count === 0) {
    throw new TwoFactorError(
      "That is neither the current code from your app nor an unused recovery code. Check it and try again.",
      400,
    );
  }
  return "recovery-code";
}

/**
 * Removes the factor and its recovery codes: the owner turning it off (after checkSecondFactorLimited), or (later) an
 * admin resetting a member's.
 */
export async function removeTwoFactor(userId: string) {
  const database = await db();
  // The recovery codes stay while a passkey is still a second factor: they are its way back in too (ADR 039).
  const keepCodes = Boolean(await database.passkey.findFirst({ where: { userId }, select: { id: true } }));
  await database.$transaction([
    ...(keepCodes ? [] : [database.recoveryCode.deleteMany({ where: { userId } })]),
    database.twoFactor.deleteMany({ where: { userId } }),
  ]);
}

/** Cancels a set-up that was started and never confirmed. */
export async function cancelEnrolment(userId: string) {
  await (await db()).twoFactor.deleteMany({ where: { userId, enabledAt: null } });
}

async function matchingStep(secretEncrypted: string, code: string): Promise<number | null> {
  const secret = openSecret(secretEncrypted);
  if (!secret || !/^\d{6}$/.test(code.trim())) return null;
  const match = await verifyTOTP({ otp: code.trim(), secret, period: PERIOD_S, digits: DIGITS, algorithm: ALGORITHM });
  if (!match) return null;
  return Math.floor(Date.now() / 1000 / PERIOD_S) + match.delta;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read off paper and typed back

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

/** Codes have about 49 bits of randomness each and are used once: a fast hash is enough (as for reset tokens). */
const hashRecoveryCode = (code: string) =>
  crypto.createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** New recovery codes; the old ones stop working. The caller has checked a second factor (checkSecondFactorLimited). */
export async function newRecoveryCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const database = await db();
  await database.$transaction([
    database.recoveryCode.deleteMany({ where: { userId } }),
    database.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) }),
  ]);
  return codes;
}

// ---- Between the password and the second factor ----------------------------------------------------------------

/** Ten minutes to enter the code once the password (or Google) was right. */
const PENDING_TTL_S = 10 * 60;
const pendingCookie = () => signedCookie("voxlate_second_factor", { maxAge: PENDING_TTL_S });

/** Who proved their first factor in this browser, how, and where they were going. */
export interface PendingSignIn {
  userId: string;
  email: string;
  method: string;
  redirectTo: string;
  startedAt: number;
}

export function pendingSignInCookie(pending: Omit<PendingSignIn, "startedAt">): Promise<string> {
  return pendingCookie().serialize({ ...pending, startedAt: Date.now() });
}

export const clearPendingSignInCookie = () => pendingCookie().serialize("", { maxAge: 0 });

/** The pending sign-in of this browser, or null (none, forged, or older than ten minutes). */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  const pending = value as Partial<PendingSignIn> | null;
  if (
    typeof pending?.userId !== "string" ||
    typeof pending.email !== "string" ||
    typeof pending.method !== "string" ||
    typeof pending.redirectTo !== "string" ||
    typeof pending.startedAt !== "number" ||
    Date.now() - pending.startedAt > PENDING_TTL_S * 1000
  ) {
    return null;
  }
  return pending as PendingSignIn;
}

/**
 * A second factor checked under the sign-in limit (login-throttle.server.ts): a wrong code counts as a failed sign-in
 * of the account, a right one clears this client's failures. Used by the sign-in page, /api/login and the settings
 * that need the factor (turning it off, new recovery codes), so a stolen session cannot guess its way either.
 */
export async function checkSecondFactorLimited(
  userId: string,
  email: string,
  code: string,
  client: LoginClient,
  source: AuditSource = {},
): Promise<"totp" | "recovery-code"> {
  const account = userAccount(email);
  const waitMs = await loginWaitMs(account, client);
  if (waitMs > 0) throw new TwoFactorError(tooManyLogins(waitMs), 429);
  try {
    const used = await verifySecondFactor(userId, code);
    await clearLoginFailures(account, client);
    if (used === "recovery-code") await recordAudit({ ...source, action: "recovery-code.used", actorId: userId });
    return used;
  } catch (error) {
    if (error instanceof TwoFactorError && error.status === 400) {
      await recordLoginFailure(account, client);
      await recordAudit({
        ...source,
        action: "sign-in.failed",
        target: { kind: "user", id: userId },
        detail: { method: "two-factor" },
      });
    }
    throw error;
  }
}
