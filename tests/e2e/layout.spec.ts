import { acceptCookies, expect, test } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/", "/plans", "/cookies", "/signin", "/blog", "/no-such-page"]) {
    test(`${path} fits without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("the menu opens and its links work", async ({ page }) => {
    await page.goto("/help");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.locator("summary", { hasText: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.getByRole("heading", { name: "Simple pricing" })).toBeInViewport();
  });
});

test("header links scroll to the landing page's sections", async ({ page }) => {
  await page.goto("/");
  for (const [label, heading] of [
    ["Features", "Everything you need from a recording"],
    ["Demo", "From recording to transcript in three steps"],
    ["Pricing", "Simple pricing"],
    ["Reviews", "Built for people who work with recordings"],
  ]) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeInViewport();
  }
});

test("keyboard users can skip to the content", async ({ page }) => {
  await page.goto("/terms");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});
