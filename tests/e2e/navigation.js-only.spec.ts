import { acceptCookies, expect, test } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("client navigation shows a Loading spinner until the next page arrives", async ({ page }) => {
  await page.goto("/");
  // Hold the next page's data until the spinner has shown, however long that takes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/blog.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
  const spinner = page.getByRole("status").filter({ hasText: "Loading" });
  await expect(spinner).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Guides and news" })).toBeVisible();
  await expect(spinner).toHaveCount(0);
});

test("resize-observer loop errors are suppressed; other errors still surface", async ({ page }) => {
  const reported: string[] = [];
  page.on("pageerror", (error) => reported.push(error.message));
  await page.goto("/");
  await page.evaluate(() => {
    window.dispatchEvent(
      new ErrorEvent("error", { message: "ResizeObserver loop completed with undelivered notifications." }),
    );
  });
  const propagated = await page.evaluate(() => {
    let seen = false;
    const listener = () => (seen = true);
    window.addEventListener("error", listener);
    window.dispatchEvent(new ErrorEvent("error", { message: "ResizeObserver loop limit exceeded" }));
    const suppressed = !seen;
    window.dispatchEvent(new ErrorEvent("error", { message: "Some other failure" }));
    window.removeEventListener("error", listener);
    return { suppressed, otherSeen: seen };
  });
  expect(propagated).toEqual({ suppressed: true, otherSeen: true });
  expect(reported).toEqual([]);
});
