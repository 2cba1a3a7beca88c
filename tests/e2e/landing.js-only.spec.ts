import { acceptCookies, expect, test } from "./fixtures";
import { chooseOption } from "./select";

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

test("the live demo: refused microphone access gives the spec's toast", async ({ page, context }) => {
  // No fake microphone and no permission here: headless Chromium refuses getUserMedia.
  await context.clearPermissions();
  await page.goto("/#demo");
  await expect(page.getByTestId("demo-permission")).toHaveText(/not granted/);
  await chooseOption(page.getByLabel("Record in"), "de-DE");
  await page.getByRole("button", { name: "Start Live Demo" }).click();
  await expect(page.getByText("Microphone Access Required").first()).toBeVisible();
  await expect(page.getByText("Please allow microphone access to try the live demo.").first()).toBeVisible();
});
