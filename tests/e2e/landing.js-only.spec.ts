import { acceptCookies, expect, test } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("the examples rotate every 5 s and pause while hovered", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("group", { name: "Examples of how people use Voxlate" });
  await expect(carousel.getByText("1 / 4")).toBeVisible();
  await expect(carousel.getByText("2 / 4")).toBeVisible({ timeout: 7000 });
  await carousel.hover();
  await page.waitForTimeout(6000);
  await expect(carousel.getByText("2 / 4")).toBeVisible();
});
