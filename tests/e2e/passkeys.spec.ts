// Passkeys end to end (ADR 039) with Chromium's virtual authenticator: add one on the account page, sign out, sign in
// without a password; sign in with the password and the passkey as the second factor. Without JavaScript, the pages
// say the passkey needs it and offer the other way in.
import crypto from "node:crypto";
import type { CDPSession, Page } from "@playwright/test";
import { acceptCookies, appDatabase, createUser, expect, signIn, signInAs, test } from "./fixtures";
import { logOut } from "./user-menu";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

/** A platform authenticator that holds discoverable credentials and verifies its user, answering at once. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test("add a passkey, sign in with it alone, then as the second factor after the password", async ({ page }) => {
  test.skip(!withJs(), "The passkey ceremony itself needs JavaScript; the no-JS test checks what is offered instead.");
  await addVirtualAuthenticator(page);
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/account");
  await page.getByRole("region", { name: "Passkeys" }).getByRole("link", { name: "Add a passkey" }).click();
  await expect(page).toHaveURL(/\/account\/passkeys$/);
  await page.getByLabel("Name of the new passkey").fill("MacBook");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("heading", { name: /Passkey "MacBook" added/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes list" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("listitem", { name: "Passkey MacBook" })).toBeVisible();

  // Passwordless: the device's passkey alone (it verified its user).
  await logOut(page);
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The password now leads to the second step, where the passkey finishes the sign-in.
  await logOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/account/passkeys");
  await expect(page.getByRole("listitem", { name: "Passkey MacBook" })).toContainText("last used");
});

test("without JavaScript the pages say a passkey needs it and offer the other way in", async ({ page }) => {
  test.skip(withJs(), "Checks the pages as they are rendered without JavaScript.");
  const user = await createUser();
  // A passkey written straight to the database: this browser cannot make one without JavaScript.
  await (
    await appDatabase()
  ).prisma.passkey.create({
    data: {
      userId: user.id,
      credentialId: crypto.randomBytes(16).toString("base64url"),
      publicKey: "unused",
      deviceType: "singleDevice",
      name: "Phone",
    },
  });
  await page.goto("/signin");
  await expect(page.getByText(/Using a passkey needs JavaScript.*email and password/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);

  await signIn(page, user);
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  await expect(page.getByText(/Using a passkey needs JavaScript.*recovery code/)).toBeVisible();
  await expect(page.getByLabel("Recovery code")).toBeVisible();

  await signInAs(page, user);
  await page.goto("/account/passkeys");
  await expect(page.getByText(/Adding a passkey needs JavaScript/)).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Passkey Phone" })).toBeVisible();
  // Rename works as a plain form.
  await page.getByLabel("Name", { exact: true }).fill("Old phone");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByRole("listitem", { name: "Passkey Old phone" })).toBeVisible();
});
