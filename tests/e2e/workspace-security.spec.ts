// A team's security (ADR 040-sessions), with JavaScript and without: an owner requires two-factor sign-in from the
// security page, sees each member's second factors on the members page and resets one; a member without a factor is
// sent to set one up and can still sign out.
import crypto from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";
import { logOut } from "./user-menu";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** An authenticator app turned on, with `codes` unused recovery codes (hashes of nothing anyone knows). */
async function authenticatorApp(userId: string, codes = 10) {
  const database = (await appDatabase()).prisma;
  await database.twoFactor.create({ data: { userId, secretEncrypted: "unused", enabledAt: new Date() } });
  await database.recoveryCode.createMany({
    data: Array.from({ length: codes }, () => ({ userId, codeHash: crypto.randomBytes(32).toString("hex") })),
  });
}

async function team() {
  const [owner, member, newcomer] = await Promise.all([
    createUser({ firstName: "Olive" }),
    createUser({ firstName: "Morgan" }),
    createUser({ firstName: "Nico" }),
  ]);
  const workspace = await (
    await appDatabase()
  ).prisma.workspace.create({
    data: {
      name: `Hale ${crypto.randomUUID().slice(0, 6)}`,
      kind: "TEAM",
      seats: 5,
      members: {
        create: [
          { userId: owner.id, role: "OWNER" },
          { userId: member.id, role: "MEMBER" },
          { userId: newcomer.id, role: "MEMBER" },
        ],
      },
    },
  });
  return { workspace, owner, member, newcomer };
}

test("an owner requires two-factor sign-in, sees members' factors and resets one", async ({
  page,
  baseURL,
}, testInfo) => {
  const { workspace, owner, member } = await team();
  await authenticatorApp(owner.id);
  await authenticatorApp(member.id, 7);
  await acceptCookies(page, baseURL);
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspace.id}/members`);

  await page.locator("#main").getByRole("link", { name: "Security", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/security$`));
  const required = page.getByRole("checkbox", { name: /Require a second factor/ });
  await expect(required).not.toBeChecked();
  await required.check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved").first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Require a second factor/ })).toBeChecked();

  await page.locator("#main").getByRole("link", { name: "Members", exact: true }).click();
  const morgan = page.getByRole("listitem").filter({ hasText: member.email });
  await expect(morgan.getByTestId("second-factors")).toHaveText(
    "Two-factor app: on · 7 recovery codes left · 0 passkeys",
  );
  const resetLabel = "Reset the second factors of Morgan Tester";
  const reset = morgan.getByLabel(resetLabel, { exact: true });
  if (withJs(testInfo)) await expect(reset).toHaveAttribute("aria-haspopup", "dialog");
  await reset.click();
  const question = withJs(testInfo)
    ? page.getByRole("alertdialog", { name: `${resetLabel}?` })
    : page.getByRole("group", { name: `${resetLabel}?` });
  await expect(question).toContainText("signed out");
  await question.getByRole("button", { name: "Reset second factors" }).click();
  await expect(page.getByText("Second factors reset").first()).toBeVisible();
  await expect(question).toBeHidden();
  await expect(morgan.getByTestId("second-factors")).toHaveText(
    "Two-factor app: off · 0 recovery codes left · 0 passkeys",
  );

  const database = (await appDatabase()).prisma;
  expect(await database.twoFactor.count({ where: { userId: member.id } })).toBe(0);
  const entries = await database.auditEvent.findMany({
    where: { workspaceId: workspace.id, action: { in: ["policy.changed", "second-factors.reset"] } },
    orderBy: { seq: "asc" },
    select: { action: true, actorId: true, targetId: true },
  });
  expect(entries).toEqual([
    { action: "policy.changed", actorId: owner.id, targetId: workspace.id },
    { action: "second-factors.reset", actorId: owner.id, targetId: member.id },
  ]);
});

test("a member without a second factor is sent to set one up, and can sign out", async ({ page, baseURL }) => {
  const { workspace, newcomer } = await team();
  await (
    await appDatabase()
  ).prisma.workspace.update({
    where: { id: workspace.id },
    data: { twoFactorRequired: true },
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, newcomer);
  await page.goto("/recordings");
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByText("Your workspace requires two-factor sign-in")).toBeVisible();
  await expect(page.getByText(`${workspace.name} asks every member`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
});
