import { advance, stopTime } from "./clock";
import { acceptCookies, expect, test } from "./fixtures";
import { chooseOption } from "./select";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("the examples rotate every 5 s and pause while hovered", async ({ page }) => {
  await stopTime(page);
  await page.goto("/");
  const carousel = page.getByRole("group", { name: "Examples of how people use Voxlate" });
  // The button comes with hydration, when the rotation starts.
  await expect(carousel.getByRole("button", { name: "Stop rotating" })).toBeVisible();
  await expect(carousel.getByText("1 / 4")).toBeVisible();
  await advance(page, 4_999);
  await expect(carousel.getByText("1 / 4")).toBeVisible();
  await advance(page, 1);
  await expect(carousel.getByText("2 / 4")).toBeVisible();
  await advance(page, 5_000);
  await expect(carousel.getByText("3 / 4")).toBeVisible();
  await carousel.hover();
  await advance(page, 60_000);
  await expect(carousel.getByText("3 / 4")).toBeVisible();
  await page.mouse.move(0, 0);
  await advance(page, 5_000);
  await expect(carousel.getByText("4 / 4")).toBeVisible();
});

test("the live demo: refused microphone access gives the spec's toast", async ({ page, context }) => {
  // No fake microphone and no permission here: headless Chromium refuses getUserMedia.
  await context.clearPermissions();
  await page.goto("/#demo");
  await expect(page.getByTestId("demo-permission")).toHaveText(/not granted/);
  await chooseOption(page.getByLabel("Record in"), "en-GB");
  await page.getByRole("button", { name: "Start Live Demo" }).click();
  await expect(page.getByText("Microphone Access Required").first()).toBeVisible();
  await expect(page.getByText("Please allow microphone access to try the live demo.").first()).toBeVisible();
});
