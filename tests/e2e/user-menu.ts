// The app shell's user menu (Account, Plan and billing, Log out): a Radix dropdown behind the user's name with
// JavaScript, plain links and a Log out form in the header without it (app/components/app-shell/user-menu.tsx).
import { expect, type Page, test } from "@playwright/test";

const withJs = () => test.info().project.use.javaScriptEnabled !== false;

/** The menu's button in the header (once its Radix half has loaded). */
export const userMenuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Account menu/ });

/** Opens the user menu with JavaScript; without it, its entries are already in the header. */
export async function openUserMenu(page: Page) {
  if (!withJs()) return;
  await userMenuButton(page).click();
  await expect(page.getByRole("menu")).toBeVisible();
}

/**
 * Logs out through the header at a desktop width (the menu's Log out with JavaScript, the plain form without), and
 * waits for the signed-out page: a caller that went on at once (to /signin, say) could cut the log-out short, and on a
 * busy machine two CI runs found themselves still signed in.
 */
export async function logOut(page: Page) {
  if (withJs()) {
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Log out" }).click();
  } else {
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  }
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}
