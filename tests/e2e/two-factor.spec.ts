// Two-factor sign-in end to end, with JavaScript and without: set up from the account page by scanning (here: reading)
// the key, confirm with the app's code, keep the recovery codes, then sign in with the password and a recovery code.
import { generateTOTP } from "@epic-web/totp";
import { acceptCookies, createUser, expect, signIn, signInAs, test } from "./fixtures";
import { logOut } from "./user-menu";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("set up two-factor sign-in, then sign in with the password and a recovery code", async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section).toContainText("Off.");
  await section.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();

  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  await page.getByLabel("The 6-digit code your app shows").fill(otp);
  await page.getByRole("button", { name: "Turn on" }).click();

  const codes = page.getByRole("list", { name: "Recovery codes list" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText(/10 unused recovery codes\s*left/)).toBeVisible();

  await logOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  const code = page.getByLabel("Authentication code");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/not right|already used/)).toBeVisible();
  await page.getByLabel("Authentication code").fill(recoveryCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Signed in with a recovery code/).first()).toBeVisible();
});
