// Active sessions on the account page (ADR 040-sessions), with JavaScript and without: each browser with its address
// and "This browser", one signed out, then all the others; the audit trail has both.
import { createUserSession } from "~/modules/platform/session.server";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";

/** Another browser of the user, signed in at `ip` (written by the app's own session code, as a sign-in would). */
async function otherBrowser(userId: string, baseURL: string, userAgent: string, ip: string) {
  await appDatabase();
  await createUserSession(userId, new Request(baseURL, { headers: { "User-Agent": userAgent } }), ip);
}

test("list the signed-in browsers, sign one out, then every other", async ({ page, baseURL }) => {
  const user = await createUser();
  await acceptCookies(page, baseURL);
  await otherBrowser(user.id, baseURL!, "Mozilla/5.0 (Windows NT 10.0; Win64) Chrome/140.0 Edg/140.0", "198.51.100.7");
  await otherBrowser(user.id, baseURL!, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1", "198.51.100.8");
  await otherBrowser(user.id, baseURL!, "Mozilla/5.0 (Macintosh; Mac OS X 14_0) Firefox/140.0", "198.51.100.9");
  await signInAs(page, user);
  await page.goto("/account");

  const sessions = page.getByRole("region", { name: "Signed-in browsers" });
  const rows = sessions.getByRole("listitem");
  await expect(rows).toHaveCount(4);
  await expect(sessions.getByText("This browser")).toBeVisible();
  const edge = rows.filter({ hasText: "Edge on Windows" });
  await expect(edge).toContainText("from 198.51.100.7");
  await expect(edge).toContainText("last seen");

  await edge.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Signed out of that browser").first()).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Edge on Windows" })).toHaveCount(0);

  await sessions.getByRole("button", { name: "Sign out of all other browsers" }).click();
  await expect(page.getByText("Signed out of 2 other browsers").first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(sessions.getByText("This browser")).toBeVisible();

  const database = (await appDatabase()).prisma;
  expect(await database.session.count({ where: { userId: user.id } })).toBe(1);
  const trail = await database.auditEvent.findMany({
    where: { actorId: user.id },
    orderBy: { seq: "asc" },
    select: { action: true },
  });
  expect(trail.map((entry) => entry.action)).toEqual(["session.revoked", "sessions.revoked-others"]);
});
