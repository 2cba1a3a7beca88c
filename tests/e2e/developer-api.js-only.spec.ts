import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { acceptCookies, createUser, expect, signInAs, test } from "./fixtures";

// axe runs inside the page, so it needs JavaScript; the markup it checks is the same server-rendered HTML. One axe run
// per test: the account page is long, and three runs in one test took over 30 s on a loaded 2-core machine.

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

async function accountPage(page: Page) {
  await signInAs(page, await createUser());
  await page.goto("/account");
}

test("/developers has no axe violations", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: "Voxlate API" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("the account page with a new API key shown once has no axe violations", async ({ page }) => {
  await accountPage(page);
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Key name").fill("Axe");
  await keys.getByRole("button", { name: "Create API key" }).click();
  await expect(keys.getByLabel("API key", { exact: true })).toHaveValue(/^vxk_/);
  expect(await axeViolations(page)).toEqual([]);
});

test("the account page with a webhook's signing secret shown once has no axe violations", async ({ page }) => {
  await accountPage(page);
  const webhooks = page.getByRole("region", { name: "Webhooks" });
  await webhooks.getByLabel("Endpoint URL").fill("https://93.184.215.14/axe-hook");
  await webhooks.getByRole("button", { name: "Add endpoint" }).click();
  await expect(webhooks.getByLabel("Signing secret", { exact: true })).toHaveValue(/^whsec_/);
  expect(await axeViolations(page)).toEqual([]);
});
