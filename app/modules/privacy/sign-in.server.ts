// What a sign-in means for the user's data: an entry in the audit trail (and another when the browser is new to the
// account), and a scheduled account deletion is called off.
import type { AppLoadContext } from "react-router";
import { db } from "~/modules/platform/database.server";
import { recordAudit } from "~/modules/audit/audit.server";

/** Call right after the session is created (every sign-in route: password, code, Google, the JSON API). */
export async function recordSignIn(
  userId: string,
  request: Request,
  context?: Partial<AppLoadContext>,
  method = "password",
): Promise<void> {
  const database = await db();
  const source = { request, context };
  await recordAudit({ ...source, action: "sign-in", actorId: userId, detail: { method } });
  const browser = request.headers.get("User-Agent")?.slice(0, 500) ?? null;
  // The session just created is one; another with the same browser means it is known.
  const known = await database.session.count({ where: { userId, userAgent: browser } });
  if (known <= 1) await recordAudit({ ...source, action: "new-device", actorId: userId });
  const { count } = await database.user.updateMany({
    where: { id: userId, deletionScheduledAt: { not: null } },
    data: { deletionScheduledAt: null },
  });
  if (count > 0) {
    await recordAudit({
      ...source,
      action: "account.deletion-cancelled",
      actorId: userId,
      target: { kind: "user", id: userId, label: "by signing in" },
    });
  }
}
