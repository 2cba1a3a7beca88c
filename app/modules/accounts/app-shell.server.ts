// What the signed-in app shell shows on every page: who is signed in, and their plan and minutes this month.
import { PLANS } from "~/content/plans";
import { db } from "~/modules/platform/database.server";
import { getUserId, requireUserId } from "~/modules/platform/session.server";
import { allowanceFor, type Allowance } from "~/modules/usage/usage.server";

export interface AppShellData {
  user: { firstName: string; lastName: string; email: string };
  allowance: Allowance;
  /** False on the top plan: there is nothing to upgrade to. */
  canUpgrade: boolean;
  /** When the monthly minutes start again: the first of next month, UTC, as startOfMonth counts them. */
  resetsOn: Date;
}

async function shellFor(userId: string): Promise<AppShellData> {
  const user = await (
    await db()
  ).user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true, email: true, plan: true },
  });
  const { plan, ...identity } = user;
  const now = new Date();
  return {
    user: identity,
    allowance: await allowanceFor(userId, plan),
    canUpgrade: plan !== PLANS.at(-1)!.id,
    resetsOn: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** The shell for a signed-in user; a signed-out visitor is sent to /signin and brought back afterwards. */
export async function requireAppShell(request: Request): Promise<AppShellData> {
  return shellFor(await requireUserId(request));
}

/** The shell when someone is signed in, null for a visitor (pages open to both, such as the plans page). */
export async function loadAppShell(request: Request): Promise<AppShellData | null> {
  const userId = await getUserId(request);
  return userId ? shellFor(userId) : null;
}
