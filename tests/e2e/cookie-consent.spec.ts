import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";

async function storedConsent(context: BrowserContext) {
  const cookies = await context.cookies();
  const decode = (name: string) => {
    const cookie = cookies.find((candidate) => candidate.name === name);
    if (!cookie) return undefined;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8"));
  };
  return { status: decode("voxlate_cookie_consent"), preferences: decode("voxlate_cookie_preferences") };
}

const banner = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Cookie consent" });

/**
 * Holds the banner's CSS animation at `ms` after the page rendered it. The delay is CSS, so that it works without
 * JavaScript; Playwright's clock moves only script timers, so the test steps the animation's own clock instead
 * (the Web Animations API, which also reaches CSS animations).
 */
async function holdBannerAt(page: import("@playwright/test").Page, ms: number) {
  const animations = await page
    .getByRole("region", { name: "Cookie consent", includeHidden: true })
    .evaluate((element, time) => {
      const running = element.getAnimations();
      for (const animation of running) {
        animation.pause();
        animation.currentTime = time;
      }
      return running.length;
    }, ms);
  expect(animations).toBe(1);
}

test("the banner appears 1 s after the page renders, with its text and a Learn more link", async ({ page }) => {
  await page.goto("/privacy");
  await holdBannerAt(page, 999);
  await expect(page.getByRole("region", { name: "Cookie consent", includeHidden: true })).toBeHidden();
  await holdBannerAt(page, 1_001);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText("We use cookies to enhance your experience.");
  await expect(banner(page).getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/cookies");
});

test("Accept All stores accepted with everything on, and the banner stays away", async ({ page, context }) => {
  await page.goto("/terms");
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/terms$/);
  // With JavaScript the banner hides at once; the cookies arrive with the response.
  await expect
    .poll(() => storedConsent(context))
    .toEqual({
      status: "accepted",
      preferences: { necessary: true, analytics: true, marketing: true, functional: true },
    });
  await page.reload();
  // Not merely hidden behind its delay: the page no longer has it at all.
  await expect(page.getByRole("region", { name: "Cookie consent", includeHidden: true })).toHaveCount(0);
});

test("Decline stores rejected with only necessary cookies", async ({ page, context }) => {
  await page.goto("/security");
  await banner(page).getByRole("button", { name: "Decline" }).click();
  await expect(banner(page)).toHaveCount(0);
  // With JavaScript the banner hides at once; the cookies arrive with the response.
  await expect
    .poll(() => storedConsent(context))
    .toEqual({
      status: "rejected",
      preferences: { necessary: true, analytics: false, marketing: false, functional: false },
    });
});

test("the Cookie Preferences dialog saves chosen toggles and reopens with them", async ({ page, context }) => {
  await page.goto("/blog");
  await banner(page).getByRole("link", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie Preferences" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Choose which cookies you want to allow. You can change these settings at any time.",
  );

  const necessary = dialog.getByRole("switch", { name: /Necessary Cookies/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await expect(dialog.getByText("Required for basic site functionality")).toBeVisible();
  for (const [name, description] of [
    ["Analytics Cookies", "Help us understand how you use our site"],
    ["Marketing Cookies", "Used to show relevant ads and measure effectiveness"],
    ["Functional Cookies", "Enable enhanced features and personalization"],
  ]) {
    await expect(dialog.getByRole("switch", { name: new RegExp(name) })).toBeEnabled();
    await expect(dialog.getByText(description)).toBeVisible();
  }
  for (const name of ["Decline", "Accept All", "Save Preferences"]) {
    await expect(dialog.getByRole("button", { name })).toBeVisible();
  }
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeVisible();

  await dialog.getByRole("switch", { name: /Analytics Cookies/ }).uncheck();
  await dialog.getByRole("switch", { name: /Marketing Cookies/ }).uncheck();
  await dialog.getByRole("button", { name: "Save Preferences" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/blog$/);
  // With JavaScript the banner hides at once; the cookies arrive with the response.
  await expect
    .poll(() => storedConsent(context))
    .toEqual({
      status: "customized",
      preferences: { necessary: true, analytics: false, marketing: false, functional: true },
    });

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(dialog.getByRole("switch", { name: /Analytics Cookies/ })).not.toBeChecked();
  await expect(dialog.getByRole("switch", { name: /Functional Cookies/ })).toBeChecked();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await storedConsent(context)).status).toBe("customized");
});

// The choice's own POST, not the banner's lazily loaded script (/assets/cookie-consent-<hash>.js), whose URL also
// contains "/cookie-consent": waiting for that let the next navigation abort the POST and keep the old choice.
const consentSaved = (page: import("@playwright/test").Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cookie-consent"),
  );

test("the analytics script loads only while analytics consent is on", async ({ page }) => {
  const analytics = page.locator('script[src$="/analytics-under-test.js"]');
  await page.goto("/");
  await expect(analytics).toHaveCount(1); // No stored choice: the spec grants consent by default.
  await Promise.all([consentSaved(page), banner(page).getByRole("button", { name: "Decline" }).click()]);
  await page.goto("/");
  await expect(analytics).toHaveCount(0);
  await page.goto("/?cookie-preferences=open");
  await Promise.all([consentSaved(page), page.getByRole("button", { name: "Accept All" }).click()]);
  await page.goto("/");
  await expect(analytics).toHaveCount(1);
});
