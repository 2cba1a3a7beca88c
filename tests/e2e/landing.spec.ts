import { acceptCookies, expect, test, waitForEnhancement } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("the Upload Audio / Record Live tabs switch, with or without JavaScript", async ({ page }) => {
  await page.goto("/");
  const tabs = page.getByRole("tablist");
  await expect(tabs.getByRole("tab", { name: "Upload Audio" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Record Live" }).click();
  await expect(tabs.getByRole("tab", { name: "Record Live" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText(/microphone/i);
});

test("the examples carousel moves with its buttons, also without JavaScript", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("group", { name: "Examples of how people use Voxlate" });
  await expect(carousel.getByText("1 / 4")).toBeVisible();
  await carousel.getByRole("link", { name: "Next example" }).click();
  await expect(carousel.getByText("2 / 4")).toBeVisible();
  await carousel.getByRole("link", { name: "Previous example" }).click();
  await expect(carousel.getByText("1 / 4")).toBeVisible();
});

test("the FAQ accordion opens, and the comparison table names its sources", async ({ page }) => {
  await page.goto("/");
  const faq = page
    .locator("details")
    .filter({ hasText: /free plan/i })
    .first();
  // landing.js-only.spec.ts tests a click made before Radix takes over.
  await waitForEnhancement(faq);
  await faq.locator("summary").click();
  await expect(faq).toHaveAttribute("open", "");
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByText(/checked November 2026/)).toBeVisible();
});

test("'Get started' goes to /signup signed out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", "/signup");
});
