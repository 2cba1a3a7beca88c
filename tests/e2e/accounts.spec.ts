import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { advance, stopTime } from "./clock";
import {
  acceptCookies,
  appDatabase,
  codeFrom,
  createUser,
  expect,
  fillNewPassword,
  signIn,
  test,
  waitForEmail,
} from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Fills one sign-up step: with JavaScript the next field appears by itself; without, Continue posts the step. */
async function fillStep(page: Page, label: string, value: string, javaScriptEnabled: boolean, next?: string) {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
  else if (label === "Password") await fillNewPassword(field, value);
  else await field.fill(value);
  if (!next) return;
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel(next, { exact: true })).toBeVisible();
}

async function signUp(page: Page, email: string, javaScriptEnabled: boolean) {
  await page.goto("/signup");
  await fillStep(page, "First name", "Ada", javaScriptEnabled, "Last name");
  await fillStep(page, "Last name", "Lovelace", javaScriptEnabled, "Email");
  await fillStep(page, "Email", email, javaScriptEnabled, "Password");
  await fillStep(page, "Password", "analytical-engine", javaScriptEnabled, "Confirm password");
  await fillStep(page, "Confirm password", "analytical-engine", javaScriptEnabled, "Industry");
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Create Account" })).toHaveCount(0);
  await fillStep(page, "Industry", "Education & Research", javaScriptEnabled);
  await page.getByLabel("How did you hear about us? (optional)").selectOption("Other");
  await page.getByLabel(javaScriptEnabled ? "Tell us where" : "If Other: tell us where").fill("a podcast");
  const sentAfter = Date.now() - 1000;
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("Verification Code Sent", { exact: true })).toBeVisible();
  return codeFrom((await waitForEmail(email, /verification code/, sentAfter)).text);
}

test("sign-up → verify → plan selection → dashboard", async ({ page, javaScriptEnabled }) => {
  const email = uniqueEmail("signup");
  const code = await signUp(page, email, javaScriptEnabled!);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/plan-selection$/);
  await expect(page.getByText("Account created successfully!", { exact: true })).toBeVisible();

  const user = await (await appDatabase()).prisma.user.findUniqueOrThrow({ where: { email } });
  expect(user).toMatchObject({
    firstName: "Ada",
    lastName: "Lovelace",
    industry: "Education & Research",
    hearAboutUs: "Other: a podcast",
  });
  expect(user.emailVerifiedAt).not.toBeNull();

  await page.getByRole("button", { name: "Continue with Free" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
});

test("a wrong code 5 times locks that code", async ({ page, javaScriptEnabled }) => {
  const email = uniqueEmail("locked");
  const code = await signUp(page, email, javaScriptEnabled!);
  const wrong = code === "123456" ? "654321" : "123456";
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    const left = 5 - attempt;
    await expect(page.getByRole("alert").filter({ hasText: "Verification Failed" })).toContainText(
      left > 0
        ? `Invalid verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`
        : "Too many incorrect attempts",
    );
  }
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Verification Failed" })).toContainText(
    "Too many incorrect attempts. Please request a new code.",
  );
  expect(await (await appDatabase()).prisma.user.count({ where: { email } })).toBe(0);
});

test("signing up with an existing email switches to sign-in with 'Account Already Exists'", async ({
  page,
  javaScriptEnabled,
}) => {
  const existing = await createUser();
  await page.goto("/signup");
  await fillStep(page, "First name", "Sam", javaScriptEnabled!, "Last name");
  await fillStep(page, "Last name", "Taken", javaScriptEnabled!, "Email");
  await fillStep(page, "Email", existing.email, javaScriptEnabled!, "Password");
  await fillStep(page, "Password", "secret-123", javaScriptEnabled!, "Confirm password");
  await fillStep(page, "Confirm password", "secret-123", javaScriptEnabled!, "Industry");
  await fillStep(page, "Industry", "Student", javaScriptEnabled!);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signin\?tab=signin/);
  await expect(page.getByText("Account Already Exists", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("validation messages are the spec's", async ({ page, javaScriptEnabled }) => {
  if (javaScriptEnabled) await stopTime(page);
  await page.goto("/signup");
  // With JavaScript, Continue goes away once the form has hydrated and reveals the steps by itself.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  await page.getByLabel("First name", { exact: true }).fill("A");
  if (javaScriptEnabled) {
    // The next step waits until the name is valid, however long it takes.
    await advance(page, 60_000);
    await expect(page.getByLabel("Last name", { exact: true })).toHaveCount(0);
    return;
  }
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("First name is required").first()).toBeVisible();
});

test("with JavaScript the next field appears 300 ms after the current one is valid", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "Without JavaScript, Continue posts each step (tested above).");
  await stopTime(page);
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  for (const [label, value, next] of [
    ["First name", "Ada", "Last name"],
    ["Last name", "Lovelace", "Email"],
    ["Email", uniqueEmail("reveal"), "Password"],
  ]) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await advance(page, 299);
    await expect(page.getByLabel(next, { exact: true })).toHaveCount(0);
    await advance(page, 1);
    await expect(page.getByLabel(next, { exact: true })).toBeVisible();
  }
});

test("an unverified account signing in gets a new code and the verification screen", async ({ page }) => {
  const user = await createUser();
  await (await appDatabase()).prisma.user.update({ where: { email: user.email }, data: { emailVerifiedAt: null } });
  const sentAfter = Date.now() - 1000;
  await signIn(page, user);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("Email Verification Required", { exact: true })).toBeVisible();
  const code = codeFrom((await waitForEmail(user.email, /verification code/, sentAfter)).text);
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("reset password: request, follow the emailed link, set a new one, sign in", async ({ page }) => {
  const user = await createUser();
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in form has an Email field too: wait for the reset form before typing.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  const sentAfter = Date.now() - 1000;
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Reset Link Sent", { exact: true }).first()).toBeVisible();

  const mail = await waitForEmail(user.email, /Reset your Voxlate password/, sentAfter);
  const link = new URL(/https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await fillNewPassword(page.getByLabel("New password", { exact: true }), "new-password-1");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Passwords do not match");

  await fillNewPassword(page.getByLabel("New password", { exact: true }), "new-password-1");
  await page.getByLabel("Confirm new password").fill("new-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password Reset Successful", { exact: true })).toBeVisible();

  await signIn(page, { ...user, password: "new-password-1" }, page.url());
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.context().clearCookies();
  await acceptCookies(page, new URL(page.url()).origin);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText("Invalid Reset Link", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
});

test("the Google button sends the browser to Google's sign-in page", async ({ page }) => {
  // Google is out of reach here (its name does not resolve): check the request the browser makes when it is sent there.
  await page.goto("/signin");
  const toGoogle = page.waitForRequest((request) => new URL(request.url()).hostname === "accounts.google.com");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  const request = await toGoogle;
  expect(request.isNavigationRequest()).toBe(true);
  const url = new URL(request.url());
  expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  expect(url.searchParams.get("client_id")).toBe("e2e-client.apps.googleusercontent.com");
  expect(url.searchParams.get("response_type")).toBe("code");
});
