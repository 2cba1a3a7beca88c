import {
  acceptCookies,
  appDatabase,
  codeFrom,
  createUser,
  expect,
  fillNewPassword,
  signIn,
  signInAs,
  test,
  waitForEmail,
} from "./fixtures";
import { logOut } from "./user-menu";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("change password: the current one is required, other browsers are signed out", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createUser();
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInAs(otherPage, user);
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await signInAs(page, user);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Signed-in browsers" })).toBeVisible();
  const passwordSection = page.getByRole("region", { name: "Password" });
  await passwordSection.getByLabel("Current password").fill("not-it");
  await fillNewPassword(passwordSection.getByLabel("New password", { exact: true }), "next-password");
  await passwordSection.getByLabel("Confirm new password").fill("next-password");
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(passwordSection.getByRole("alert")).toContainText("Your current password is not right");

  await passwordSection.getByLabel("Current password").fill(user.password);
  await fillNewPassword(passwordSection.getByLabel("New password", { exact: true }), "next-password");
  await passwordSection.getByLabel("Confirm new password").fill("next-password");
  await passwordSection.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed", { exact: true })).toBeVisible();

  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/signin/);
  await other.close();

  await logOut(page);
  await signIn(page, { ...user, password: "next-password" });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("profile edits, email change with a code, and signing out another browser", async ({ page, browser, baseURL }) => {
  const user = await createUser();
  const other = await browser.newContext({ baseURL });
  await signInAs(await other.newPage(), user);
  await signInAs(page, user);
  await page.goto("/account");

  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("First name").fill("Morgan");
  await profile.getByLabel("Industry", { exact: true }).selectOption("Legal & Compliance");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved", { exact: true })).toBeVisible();
  await expect(profile.getByLabel("First name")).toHaveValue("Morgan");

  const sessions = page.getByRole("region", { name: "Signed-in browsers" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await sessions.getByRole("button", { name: "Sign out of all other browsers" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByText("This browser")).toBeVisible();
  await other.close();

  const newEmail = `moved-${Date.now()}@example.com`;
  const email = page.getByRole("region", { name: "Email" });
  await email.getByLabel("New email").fill(newEmail);
  // A session alone cannot move the account to another address: a wrong current password is refused.
  await email.getByLabel("Current password").fill("not-it");
  await email.getByRole("button", { name: "Send code" }).click();
  await expect(email.getByRole("alert")).toContainText("Your current password is not right");
  await email.getByLabel("Current password").fill(user.password);
  const sentAfter = Date.now() - 1000;
  await email.getByRole("button", { name: "Send code" }).click();
  const code = codeFrom((await waitForEmail(newEmail, /verification code/, sentAfter)).text);
  await email.getByLabel("Verification code").fill(code);
  await email.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page.getByText("Email changed", { exact: true })).toBeVisible();
  expect(await (await appDatabase()).prisma.user.count({ where: { email: newEmail } })).toBe(1);
});

test("delete the account after typing the confirmation", async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/account");
  const danger = page.getByRole("region", { name: "Delete account" });
  await danger.getByLabel("Type DELETE to confirm").fill("delete");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByRole("alert")).toContainText("Type DELETE to confirm");

  await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account has been deleted", { exact: true })).toBeVisible();
  expect(await (await appDatabase()).prisma.user.count({ where: { email: user.email } })).toBe(0);
  await signIn(page, user);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
});
