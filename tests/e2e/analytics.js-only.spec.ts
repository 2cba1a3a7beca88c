import { acceptCookies, expect, test } from "./fixtures";

// The GA4 tag itself lives on Google's servers, out of reach here: answer for it with an empty script.
test.beforeEach(async ({ page }) => {
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "" }),
  );
});

const dataLayer = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));

test("GA4 loads with consent mode from the stored choice, configures after 100 ms and reports route changes", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await page.goto("/");
  await expect(page.locator('script[src*="googletagmanager.com/gtag/js?id=G-E2ETEST"]')).toHaveCount(1);
  await expect
    .poll(async () => (await dataLayer(page)).some((entry) => entry[0] === "config" && entry[1] === "G-E2ETEST"))
    .toBe(true);
  const entries = await dataLayer(page);
  expect(entries[0]).toEqual(["consent", "default", expect.objectContaining({ analytics_storage: "granted" })]);

  await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Guides and news" })).toBeVisible();
  expect(await dataLayer(page)).toContainEqual(["event", "page_view", { page_path: "/blog" }]);
});

test("without analytics consent, no tag is loaded", async ({ page }) => {
  await page.goto("/?cookie-preferences=open");
  await page.getByRole("switch", { name: /Analytics Cookies/ }).uncheck();
  // The choice is saved by a background post; leaving before its answer sets the cookie would lose it.
  const saved = page.waitForResponse(
    (response) => response.url().includes("/cookie-consent") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await saved;
  await page.goto("/");
  await expect(page.locator('script[src*="googletagmanager.com"]')).toHaveCount(0);
  expect(await page.evaluate(() => typeof window.gtag)).toBe("undefined");
});
