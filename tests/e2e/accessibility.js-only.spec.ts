import AxeBuilder from "@axe-core/playwright";
import { acceptCookies, createUser, expect, signInAs, test } from "./fixtures";
import { PUBLIC_TEST_PAGES } from "./pages";

// axe runs inside the page, so it needs JavaScript; the markup it checks is the same server-rendered HTML.
test.describe("accessibility", () => {
  for (const path of PUBLIC_TEST_PAGES) {
    test(`${path} has no axe violations`, async ({ page, baseURL }) => {
      await acceptCookies(page, baseURL);
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(summary).toEqual([]);
    });
  }

  test("the cookie banner and preferences dialog have no axe violations", async ({ page }) => {
    await page.goto("/?cookie-preferences=open");
    await expect(page.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test("the landing's live-recording mock and the dashboard's Record Live tab have no axe violations", async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
    const violations = async () =>
      (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    await page.goto("/?feature=record");
    await expect(page.getByRole("figure", { name: "Illustration: recording live" })).toBeVisible();
    expect(await violations()).toEqual([]);
    await signInAs(page, await createUser());
    await page.goto("/dashboard?tab=record");
    await expect(page.getByRole("button", { name: "Start Recording" })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
