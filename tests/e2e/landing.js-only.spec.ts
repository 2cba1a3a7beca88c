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

test("an FAQ answer opened while the Radix version is still loading stays open when it takes over", async ({
  page,
}) => {
  // The Radix accordion's chunk is asked for once the page has hydrated; it is held back until an answer is open,
  // as on a slow connection (a full run once lost the reader's click this way, with the server busy).
  let requested!: () => void;
  const chunkRequested = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/accordion-radix-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  await page.goto("/");
  await chunkRequested;
  const faq = page.locator("section", { has: page.getByRole("heading", { name: "Frequently asked questions" }) });
  const entry = faq.locator("details").first();
  await entry.locator("summary").click();
  await expect(entry).toHaveAttribute("open", "");

  release();
  await expect(faq.locator("[data-enhanced]")).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-state", "open");
  await expect(entry).toHaveAttribute("open", "");
  await expect(entry.getByRole("region")).toBeVisible();
});
