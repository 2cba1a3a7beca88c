import { acceptCookies, expect, test } from "./fixtures";
import { PUBLIC_TEST_PAGES } from "./pages";

test.describe("search engines", () => {
  test("each page has its own title, description and canonical URL", async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL);
    const seen = new Map<string, string>();
    for (const path of [
      "/",
      "/business",
      "/help",
      "/faq",
      "/blog",
      "/blog/srt-export-guide",
      "/privacy",
      "/students",
    ]) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(description?.length, path).toBeGreaterThan(20);
      expect(await page.locator('meta[property="og:title"]').count(), path).toBe(1);
      if (path === "/faq") expect(canonical).toBe(`${baseURL}/help`);
      else if (path === "/students") expect(canonical).toBe(`${baseURL}/education`);
      else {
        expect(canonical).toBe(`${baseURL}${path}`);
        expect(seen.has(title), `${path} repeats the title of ${seen.get(title)}`).toBe(false);
        seen.set(title, path);
      }
    }
  });

  test("the sitemap lists every public page and article; robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of PUBLIC_TEST_PAGES.filter(
      (path) =>
        ![
          "/plans",
          "/students",
          "/faq",
          "/cookie-policy",
          "/no-such-page",
          "/admin/login",
          "/forgot-password",
        ].includes(path),
    )) {
      expect(sitemap, path).toContain(`<loc>${baseURL}${path === "/" ? "/" : path}</loc>`);
    }
    expect((sitemap.match(/\/blog\/[a-z0-9-]+<\/loc>/g) ?? []).length).toBeGreaterThanOrEqual(20);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin/");
  });

  test("articles carry Article structured data", async ({ page }) => {
    await page.goto("/blog/srt-export-guide");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(data).toMatchObject({ "@type": "Article", headline: "The SRT export guide", datePublished: "2026-07-06" });
  });
});

test("the landing page's structured data takes its prices from the plans", async ({ page }) => {
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((block) => JSON.parse(block));
  expect(data.map((block) => block["@type"]).sort()).toEqual(["FAQPage", "Organization", "SoftwareApplication"]);
  const offers = data.find((block) => block["@type"] === "SoftwareApplication").offers;
  expect(offers.map((offer: { name: string; price: string }) => `${offer.name}=${offer.price}`)).toEqual([
    "Free=0",
    "Premium (weekly)=4.49",
    "Premium (monthly)=9.99",
    "Business Pro (weekly)=9.49",
    "Business Pro (monthly)=19.99",
  ]);
  const faq = data.find((block) => block["@type"] === "FAQPage");
  expect(faq.mainEntity.length).toBeGreaterThanOrEqual(6);
});
