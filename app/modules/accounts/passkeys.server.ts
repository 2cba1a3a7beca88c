// Passkeys (WebAuthn, ADR 039): a second factor after the password, or a passwordless sign-in on their own (a passkey
// that verified its user is two factors: the device and its PIN or fingerprint). The relying party is APP_URL: its
// hostname is the rpID, its origin the only origin accepted, so a passkey answer made for any other site is refused.
// Challenges are kept server-side as hashes, bound to their purpose (and account), and used at most once.
import crypto from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { appOrigin } from "~/config/env.server";
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { currentSessionId } from "~/modules/platform/session.server";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { recordSignInFailure } from "./auth.server";
import {
  clearLoginFailures,
  type LoginClient,
  loginWaitMs,
  recordLoginFailure,
  tooManyLogins,
  userAccount,
} from "./login-throttle.server";
import { newRecoveryCodes } from "./two-factor.server";

export class PasskeyError extends ExpectedError {}

/** Five minutes to touch the key or type the PIN; an unused challenge is worthless after. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Adding a passkey gives lasting access, so a session must be this fresh to add one (or remove one). */
export const RECENT_SIGN_IN_MS = 30 * 60_000;
export const PASSKEYS_PER_ACCOUNT = 20;

export const NEEDS_RECENT_SIGN_IN =
  "For your safety, sign in again before adding or removing a passkey: this browser signed in more than 30 minutes ago.";
export const WRONG_ORIGIN =
  "This passkey answer was made for another website, not for this address of Voxlate, so it was refused.";
export const UNKNOWN_PASSKEY =
  "This passkey is not registered with Voxlate (it may have been removed). Use another way.";
export const CHALLENGE_USED =
  "This passkey request has expired or was already used. Try again: the button asks your device afresh.";
export const PASSKEY_FAILED = "The passkey could not be verified. Try again, or use another way to sign in.";

type ChallengePurpose = "register" | "sign-in" | "second-factor";

/** The relying party: APP_URL's hostname and origin. */
export function relyingParty() {
  const url = new URL(appOrigin());
  return { rpID: url.hostname, origin: url.origin };
}

const hashChallenge = (challenge: string) => crypto.createHash("sha256").update(challenge).digest("hex");

async function keepChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
  const database = await db();
  // Expired ones go as new ones come: the table holds only the last five minutes' ceremonies.
  await database.passkeyChallenge.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await database.passkeyChallenge.create({
    data: {
      challengeHash: hashChallenge(challenge),
      purpose,
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    },
  });
}

/** The challenge the answer signed, read from its client data (the signature check then confirms it). */
function challengeOf(clientDataJSON: string): string {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    if (typeof clientData.challenge === "string" && clientData.challenge.length > 0) return clientData.challenge;
  } catch {
    // Falls through to the refusal.
  }
  throw new PasskeyError("The passkey's client data could not be read.", 400);
}

/**
 * Uses up the challenge the answer carries: it must be one we issued, for this purpose (and this account), less than
 * five minutes ago, and not used before. Whatever happens next, it cannot be used again.
 */
async function consumeChallenge(clientDataJSON: string, purpose: ChallengePurpose, userId: string | null) {
  const challenge = challengeOf(clientDataJSON);
  const database = await db();
  const challengeHash = hashChallenge(challenge);
  const issued = await database.passkeyChallenge.findUnique({ where: { challengeHash } });
  // Only the request whose delete removed the row may go on: two answers to one challenge cannot both pass.
  const { count } = await database.passkeyChallenge.deleteMany({ where: { challengeHash } });
  if (!issued || count === 0 || issued.expiresAt < new Date()) throw new PasskeyError(CHALLENGE_USED, 400);
  if (issued.purpose !== purpose || issued.userId !== userId) throw new PasskeyError(CHALLENGE_USED, 400);
  return challenge;
}

/** The library's refusals, as a sentence: a wrong origin or rpID says so, anything else is "could not be verified". */
function verificationRefusal(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const message = error instanceof Error ? error.message : "";
  if (/origin/i.test(message)) return new PasskeyError(WRONG_ORIGIN, 400);
  if (/RP ID/i.test(message)) return new PasskeyError(WRONG_ORIGIN, 400);
  if (/counter/i.test(message)) {
    return new PasskeyError(
      "This passkey's answer was seen before (its use counter did not go up), so it was refused.",
      400,
    );
  }
  if (/user verification/i.test(message)) {
    return new PasskeyError(
      "Signing in with a passkey alone needs your device to check it is you (a PIN, fingerprint or face). Use your password instead, or a passkey that can.",
      400,
    );
  }
  return new PasskeyError(PASSKEY_FAILED, 400);
}

// ---- The account's passkeys -------------------------------------------------------------------------------------

export async function listPasskeys(userId: string) {
  return (await db()).passkey.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true, deviceType: true, backedUp: true },
  });
}

export async function hasPasskey(userId: string): Promise<boolean> {
  return Boolean(await (await db()).passkey.findFirst({ where: { userId }, select: { id: true } }));
}

/**
 * How many passkeys each of these users has (users without one are absent): for the members page, where owners and
 * admins see each member's factors.
 */
export async function passkeyCountsByUser(userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const groups = await (
    await db()
  ).passkey.groupBy({ by: ["userId"], where: { userId: { in: userIds } }, _count: { _all: true } });
  return new Map(groups.map((group) => [group.userId, group._count._all]));
}

/**
 * When this browser's session started: adding or removing a passkey needs a sign-in in the last RECENT_SIGN_IN_MS
 * (a stolen session cookie alone cannot plant the thief's passkey on the account). Throws with a sentence otherwise.
 */
export async function requireRecentSignIn(request: Request) {
  const sessionId = await currentSessionId(request);
  const session = sessionId
    ? await (await db()).session.findUnique({ where: { id: sessionId }, select: { createdAt: true } })
    : null;
  if (!session || Date.now() - session.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new PasskeyError(NEEDS_RECENT_SIGN_IN, 403);
  }
}

export async function signedInRecently(request: Request): Promise<boolean> {
  try {
    await requireRecentSignIn(request);
    return true;
  } catch (error) {
    if (error instanceof PasskeyError) return false;
    throw error;
  }
}

/** The options for navigator.credentials.create(): a discoverable credential, so it can sign in without a password. */
export async function registrationOptions(user: { id: string; email: string; firstName: string; lastName: string }) {
  const existing = await (
    await db()
  ).passkey.findMany({ where: { userId: user.id }, select: { credentialId: true, transports: true } });
  if (existing.length >= PASSKEYS_PER_ACCOUNT) {
    throw new PasskeyError(
      `You have ${PASSKEYS_PER_ACCOUNT} passkeys, the most an account can have. Remove one first.`,
      409,
    );
  }
  const options = await generateRegistrationOptions({
    rpName: "Voxlate",
    rpID: relyingParty().rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    // The user handle is the account id: stable, and no personal data.
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    // The same authenticator twice would only be a second name for one key.
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(options.challenge, "register", user.id);
  return options;
}

/**
 * Checks the authenticator's answer and keeps the new passkey. When it is the account's first second factor (no
 * authenticator app, no unused recovery codes), recovery codes are made and returned, shown once: without them, a
 * lost passkey would leave a password that can no longer sign in alone.
 */
export async function addPasskey(
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
  source: AuditSource = {},
): Promise<{ id: string; name: string; recoveryCodes: string[] | null }> {
  const expectedChallenge = await consumeChallenge(response.response.clientDataJSON, "register", userId);
  const { rpID, origin } = relyingParty();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    throw verificationRefusal(error);
  }
  if (!verification.verified) throw new PasskeyError(PASSKEY_FAILED, 400);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const database = await db();
  if (await database.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) {
    throw new PasskeyError("This passkey is already registered.", 409);
  }
  const hadSecondFactor = await hasOtherSecondFactor(userId);
  const passkey = await database.passkey.create({
    data: {
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: BigInt(credential.counter),
      transports: response.response.transports ?? credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
    },
    select: { id: true, name: true },
  });
  await recordAudit({
    ...source,
    action: "passkey.added",
    actorId: userId,
    target: { kind: "passkey", id: passkey.id, label: passkey.name },
    detail: { synced: credentialBackedUp },
  });
  const recoveryCodes = hadSecondFactor ? null : await newRecoveryCodes(userId);
  if (recoveryCodes) await recordAudit({ ...source, action: "recovery-codes.created", actorId: userId });
  return { ...passkey, recoveryCodes };
}

/** An authenticator app, another passkey or unused recovery codes: what a lost new passkey would leave. */
async function hasOtherSecondFactor(userId: string): Promise<boolean> {
  const database = await db();
  const [app, passkeys, codes] = await Promise.all([
    database.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    database.passkey.count({ where: { userId } }),
    database.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return Boolean(app?.enabledAt) || passkeys > 0 || codes > 0;
}

export async function renamePasskey(userId: string, passkeyId: string, name: string, source: AuditSource = {}) {
  const { count } = await (await db()).passkey.updateMany({ where: { id: passkeyId, userId }, data: { name } });
  if (count === 0) throw new PasskeyError("That passkey is not on your account (it may have been removed).", 404);
  await recordAudit({
    ...source,
    action: "passkey.renamed",
    actorId: userId,
    target: { kind: "passkey", id: passkeyId, label: name },
  });
}

/**
 * Removes a passkey (the caller checked requireRecentSignIn). The password (or Google) still signs in: removing the
 * last one turns the passkey factor off, which the page says before the button. Returns how many are left.
 */
export async function removePasskey(userId: string, passkeyId: string, source: AuditSource = {}): Promise<number> {
  const database = await db();
  const passkey = await database.passkey.findFirst({ where: { id: passkeyId, userId }, select: { name: true } });
  const { count } = await database.passkey.deleteMany({ where: { id: passkeyId, userId } });
  if (!passkey || count === 0) {
    throw new PasskeyError("That passkey is not on your account (it may have been removed).", 404);
  }
  await recordAudit({
    ...source,
    action: "passkey.removed",
    actorId: userId,
    target: { kind: "passkey", id: passkeyId, label: passkey.name },
  });
  return database.passkey.count({ where: { userId } });
}

// ---- Signing in -------------------------------------------------------------------------------------------------

/**
 * The options for navigator.credentials.get(). Passwordless: any passkey of this site (the browser offers those it
 * has), and the device must verify its user. Second factor: the pending account's passkeys; presence is enough, the
 * password was the other factor.
 */
export async function signInOptions(purpose: "sign-in" | "second-factor", userId: string | null) {
  const allowCredentials =
    purpose === "second-factor" && userId
      ? (
          await (await db()).passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } })
        ).map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports,
        }))
      : [];
  if (purpose === "second-factor" && allowCredentials.length === 0) {
    throw new PasskeyError("This account has no passkey. Use the code from your authenticator app instead.", 409);
  }
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials,
    userVerification: purpose === "sign-in" ? "required" : "preferred",
  });
  await keepChallenge(options.challenge, purpose, purpose === "second-factor" ? userId : null);
  return options;
}

interface SignedInWithPasskey {
  userId: string;
  email: string;
  passkeyId: string;
}

/**
 * Checks a sign-in's passkey answer under the sign-in limit (login-throttle.server.ts), as a password is checked:
 * a failed answer for an account's passkey counts as a failed sign-in of that account (per address, and towards the
 * account's hourly ceiling), a good one clears this client's failures. `expectedUserId` is the account that gave its
 * password (second factor); null for passwordless, where the passkey names the account.
 */
export async function verifyPasskeySignIn(
  purpose: "sign-in" | "second-factor",
  response: AuthenticationResponseJSON,
  expectedUserId: string | null,
  client: LoginClient,
  source: AuditSource = {},
): Promise<SignedInWithPasskey> {
  const database = await db();
  const passkey = await database.passkey.findUnique({
    where: { credentialId: response.id },
    include: { user: { select: { email: true, emailVerifiedAt: true } } },
  });
  const expectedChallenge = await consumeChallenge(response.response.clientDataJSON, purpose, expectedUserId);
  if (!passkey || (expectedUserId && passkey.userId !== expectedUserId)) {
    // As the second factor, the failure is the signing-in account's (whoever owns the passkey shown). Passwordless,
    // no account is known: the per-address tier of the rate limit (the strongest) holds whoever tries such keys.
    const signingIn = expectedUserId
      ? await database.user.findUnique({ where: { id: expectedUserId }, select: { email: true } })
      : null;
    if (signingIn) await recordLoginFailure(userAccount(signingIn.email), client);
    await recordSignInFailure(signingIn?.email ?? null, "passkey", source);
    throw new PasskeyError(UNKNOWN_PASSKEY, 400);
  }
  const account = userAccount(passkey.user.email);
  const waitMs = await loginWaitMs(account, client);
  if (waitMs > 0) throw new PasskeyError(tooManyLogins(waitMs), 429);
  const { rpID, origin } = relyingParty();
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: purpose === "sign-in",
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
    });
    if (!verification.verified) throw new PasskeyError(PASSKEY_FAILED, 400);
    // Only from the counter we checked against: two uses of one answer cannot both move it (a cloned key is caught).
    const { count } = await database.passkey.updateMany({
      where: { id: passkey.id, counter: passkey.counter },
      data: {
        counter: BigInt(verification.authenticationInfo.newCounter),
        backedUp: verification.authenticationInfo.credentialBackedUp,
        lastUsedAt: new Date(),
      },
    });
    if (count === 0) throw new PasskeyError(PASSKEY_FAILED, 400);
  } catch (error) {
    const refusal = verificationRefusal(error);
    await recordLoginFailure(account, client);
    await recordSignInFailure(passkey.user.email, "passkey", source);
    throw refusal;
  }
  if (!passkey.user.emailVerifiedAt) {
    throw new PasskeyError("Verify your email address first: sign in with your password to get a code.", 403);
  }
  await clearLoginFailures(account, client);
  return { userId: passkey.userId, email: passkey.user.email, passkeyId: passkey.id };
}
