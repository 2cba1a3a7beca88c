import { axeViolations } from "./axe";
import { acceptCookies, createUser, expect, signInAs, test } from "./fixtures";

// axe runs inside the page, so it needs JavaScript; the markup it checks is the same server-rendered HTML.
test("/developers and the account page's API key and webhook sections have no axe violations", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: "Voxlate API" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await signInAs(page, await createUser());
  await page.goto("/account");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Key name").fill("Axe");
  await keys.getByRole("button", { name: "Create API key" }).click();
  await expect(keys.getByLabel("API key", { exact: true })).toHaveValue(/^vxk_/);
  expect(await axeViolations(page)).toEqual([]);

  // A webhook's signing secret, shown once after the endpoint is added.
  const webhooks = page.getByRole("region", { name: "Webhooks" });
  await webhooks.getByLabel("Endpoint URL").fill("https://93.184.215.14/axe-hook");
  await webhooks.getByRole("button", { name: "Add endpoint" }).click();
  await expect(webhooks.getByLabel("Signing secret", { exact: true })).toHaveValue(/^whsec_/);
  expect(await axeViolations(page)).toEqual([]);
});
