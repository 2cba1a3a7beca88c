import { hash, verify } from "@node-rs/argon2";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { passwordStrength } from "./password-strength";

/**
 * Argon2id at OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane (the library's defaults, written out so that the
 * stand-in check below provably costs what a real one does).
 */
export const ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_COST);
}

/** Who is choosing the password: zxcvbn tries their own name and address first, as an attacker would. */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The one door every new account password goes through (sign-up, reset, change, an invitation's sign-up): the spec's
 * six characters are checked by the forms' schema; here the most common passwords, the person's own name or address,
 * and what zxcvbn scores 0 are refused with a sentence (422), and the rest is hashed.
 */
export async function hashNewPassword(password: string, owner: PasswordOwner): Promise<string> {
  const { refusal } = passwordStrength(password, [owner.email, owner.firstName, owner.lastName].filter(isText));
  if (refusal) throw new ExpectedError(refusal, 422);
  return hashPassword(password);
}

const isText = (value: string | null | undefined): value is string => Boolean(value);

/**
 * The one argon2 verification every password check runs, real or stand-in. Tests watch it here to see that each path
 * runs exactly one, on a hash of the same cost, which no busy machine can blur the way it blurs a timing.
 */
export const argon2 = {
  verify: (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password),
};

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}

let standInHash: Promise<string> | undefined;

/**
 * Spends the time of a real password check when the account does not exist or has no password (Google only), so
 * response times do not reveal which emails have accounts or passwords: a real argon2 verification, against a real
 * hash of the same cost made once per process.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  standInHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await standInHash, password);
}
