import { acceptCookies, expect, test, waitForEnhancement } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("the blog lists about 20 articles, newest first, with reading times", async ({ page }) => {
  await page.goto("/blog");
  const cards = page.getByRole("main").getByRole("listitem");
  expect(await cards.count()).toBeGreaterThanOrEqual(20);
  await expect(cards.first()).toContainText("min read");
  const dates = await page
    .locator("main time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
  expect(dates).toEqual([...dates].sort().reverse());
});

test("an article renders its Markdown, author, reading time and related articles", async ({ page }) => {
  await page.goto("/blog/srt-export-guide");
  await expect(page.getByRole("heading", { level: 1, name: "The SRT export guide" })).toBeVisible();
  await expect(page.getByText(/The Voxlate team · .* · \d+ min read/)).toBeVisible();
  expect(await page.getByRole("article").getByRole("heading", { level: 2 }).count()).toBeGreaterThan(2);
  const words = (await page.getByRole("article").innerText()).split(/\s+/).length;
  expect(words).toBeGreaterThan(600);
  const related = page.getByRole("complementary", { name: "Related articles" }).getByRole("link");
  expect(await related.count()).toBeGreaterThanOrEqual(3);
  await related.first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
});

test("the RSS feed lists every article", async ({ request }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toContain("<title>Voxlate blog</title>");
  expect((xml.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(20);
  expect(xml).toContain("/blog/srt-export-guide</link>");
});

test("the help centre groups answers by topic and opens each without JavaScript", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 2, name: "Plans and billing" })).toBeVisible();
  const entry = page.locator("details", { hasText: "What does the Free plan include?" });
  await expect(entry.getByText(/5 minutes of transcription/)).toBeHidden();
  await waitForEnhancement(entry);
  await entry.getByText("What does the Free plan include?").click();
  await expect(entry.getByText(/5 minutes of transcription/)).toBeVisible();
});
