import crypto from "node:crypto";
import type { VerificationPurpose } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { sessionSecrets } from "~/config/env.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { countOf } from "~/utils/plural";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Resends: one a minute, five an hour, per address and purpose. */
export const RESEND_INTERVAL_MS = 60 * 1000;
export const MAX_CODES_PER_HOUR = 5;
/** How long a verified sign-up code lets /api/register create the account. */
export const VERIFIED_CODE_TTL_MS = 30 * 60 * 1000;

/**
 * A keyed hash: a 6-digit code has only a million values, so a plain hash of a leaked table would be
 * reversed at once. With the server secret it cannot be.
 */
export function hashCode(code: string): string {
  return crypto.createHmac("sha256", sessionSecrets()[0]).update(code).digest("hex");
}

export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** A code that cannot be sent or accepted, with the HTTP status and a message for the user. */
export class VerificationError extends ExpectedError {}

/** Creates a new code for the address, or refuses when codes were requested too often. */
export async function createVerificationCode(
  email: string,
  purpose: VerificationPurpose,
  userId?: string,
): Promise<string> {
  const database = await db();
  const recent = await database.verification.findMany({
    where: { email, purpose, createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  if (recent[0] && Date.now() - recent[0].createdAt.getTime() < RESEND_INTERVAL_MS) {
    throw new VerificationError("Please wait a minute before requesting another code.", 429);
  }
  if (recent.length >= MAX_CODES_PER_HOUR) {
    throw new VerificationError("Too many codes requested. Please try again in an hour.", 429);
  }
  const code = generateCode();
  // A new code replaces the old ones: only the latest can be used.
  await database.verification.updateMany({
    where: { email, purpose, consumedAt: null },
    data: { consumedAt: new Date() },
  });
  await database.verification.create({
    data: { email, purpose, userId, codeHash: hashCode(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) },
  });
  return code;
}

/**
 * Checks a code. Each wrong try counts; after five the code is locked and a new one is needed.
 * Returns the verification row when the code is right.
 */
export async function checkVerificationCode(email: string, purpose: VerificationPurpose, code: string) {
  const database = await db();
  const verification = await database.verification.findFirst({
    where: { email, purpose, consumedAt: null, verifiedAt: null },
    orderBy: { createdAt: "desc" },
  });
  if (!verification || verification.expiresAt < new Date()) {
    throw new VerificationError("This code has expired. Please request a new one.");
  }
  if (verification.attempts >= MAX_CODE_ATTEMPTS) {
    throw new VerificationError("Too many incorrect attempts. Please request a new code.", 429);
  }
  const expected = Buffer.from(verification.codeHash, "hex");
  const given = Buffer.from(hashCode(code.trim()), "hex");
  if (!crypto.timingSafeEqual(expected, given)) {
    const { attempts } = await database.verification.update({
      where: { id: verification.id },
      data: { attempts: { increment: 1 } },
      select: { attempts: true },
    });
    const left = MAX_CODE_ATTEMPTS - attempts;
    throw new VerificationError(
      left > 0
        ? `Invalid verification code. ${countOf(left, "attempt")} left.`
        : "Too many incorrect attempts. Please request a new code.",
      left > 0 ? 400 : 429,
    );
  }
  return database.verification.update({ where: { id: verification.id }, data: { verifiedAt: new Date() } });
}

/** Uses up a verified code (once), or says there is none. */
export async function consumeVerifiedCode(email: string, purpose: VerificationPurpose) {
  const database = await db();
  const { count } = await database.verification.updateMany({
    where: {
      email,
      purpose,
      consumedAt: null,
      verifiedAt: { gt: new Date(Date.now() - VERIFIED_CODE_TTL_MS) },
    },
    data: { consumedAt: new Date() },
  });
  if (count === 0) throw new VerificationError("Please verify your email address first.", 403);
}
