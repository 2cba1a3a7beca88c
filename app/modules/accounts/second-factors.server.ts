// An account's second factors as one question (ADR 040-sessions): the two-factor policy, the sign-in and the members
// page ask here, not each factor's table, so a new kind of factor (passkeys) is counted in one place.
import { db } from "~/modules/platform/database.server";
import { passkeyCountsByUser } from "./passkeys.server";
import { hasTwoFactor, removeTwoFactor } from "./two-factor.server";

/** Does the account sign in with a second factor of any kind: an authenticator app or a passkey (ADR 039)? */
export const hasSecondFactor = hasTwoFactor;

export interface SecondFactorSummary {
  /** An authenticator app (TOTP) is on. */
  authenticatorApp: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
}

/** Each account's second factors, for the members page and the API: three queries whatever the number of accounts. */
export async function secondFactorSummaries(userIds: string[]): Promise<Map<string, SecondFactorSummary>> {
  const database = await db();
  const [apps, codes, passkeys] = await Promise.all([
    database.twoFactor.findMany({
      where: { userId: { in: userIds }, enabledAt: { not: null } },
      select: { userId: true },
    }),
    database.recoveryCode.groupBy({ by: ["userId"], where: { userId: { in: userIds }, usedAt: null }, _count: true }),
    passkeyCountsByUser(userIds),
  ]);
  const withApp = new Set(apps.map((row) => row.userId));
  const codesLeft = new Map(codes.map((row) => [row.userId, row._count]));
  return new Map(
    userIds.map((userId) => [
      userId,
      {
        authenticatorApp: withApp.has(userId),
        recoveryCodesLeft: codesLeft.get(userId) ?? 0,
        passkeys: passkeys.get(userId) ?? 0,
      },
    ]),
  );
}

/**
 * An administrator's reset of someone's second factors: the authenticator app, the recovery codes and the passkeys
 * are removed and every session ends. The password is untouched and nothing is handed to the administrator: the owner
 * signs in with their password and sets up a factor again (ADR 040-sessions). The caller checks the permission,
 * emails the owner and records it.
 */
export async function resetSecondFactors(userId: string): Promise<void> {
  const database = await db();
  // Passkeys first: while one is left, removing the app keeps the recovery codes (they are the passkey's way back).
  await database.passkey.deleteMany({ where: { userId } });
  await removeTwoFactor(userId);
  await database.session.deleteMany({ where: { userId } });
}
