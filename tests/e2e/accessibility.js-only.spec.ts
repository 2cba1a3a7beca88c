import AxeBuilder from "@axe-core/playwright";
import { axeViolations } from "./axe";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";
import { PUBLIC_TEST_PAGES } from "./pages";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

// axe runs inside the page, so it needs JavaScript; the markup it checks is the same server-rendered HTML.
test.describe("accessibility", () => {
  for (const path of PUBLIC_TEST_PAGES) {
    test(`${path} has no axe violations`, async ({ page, baseURL }) => {
      await acceptCookies(page, baseURL);
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the cookie banner and preferences dialog have no axe violations", async ({ page }) => {
    await page.goto("/?cookie-preferences=open");
    await expect(page.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test("the landing's live-recording mock and the dashboard's Record Live tab have no axe violations", async ({
    page,
    baseURL,
  }) => {
    await acceptCookies(page, baseURL);
    await page.goto("/?feature=record");
    await expect(page.getByRole("figure", { name: "Illustration: recording live" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await signInAs(page, await createUser());
    await page.goto("/dashboard?tab=record");
    await expect(page.getByRole("button", { name: "Start Recording" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("every signed-in page, in the app shell, has no axe violations, at 1280 and 390 px with the menu open (slow: axe on every page at two widths)", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await acceptCookies(page, baseURL);
    const user = await createUser();
    await signInAs(page, user);
    const { prisma } = await appDatabase();
    const { id: userId } = await prisma.user.findUniqueOrThrow({ where: { email: user.email }, select: { id: true } });
    const recording = await prisma.recording.create({
      data: {
        userId,
        workspaceId: await personalWorkspaceId(userId),
        title: "Axe check",
        fileName: "axe-check.wav",
        storageKey: `e2e/${crypto.randomUUID()}.wav`,
        sizeBytes: 1000,
        mimeType: "audio/wav",
        durationSeconds: 30,
        status: "COMPLETED",
        language: "en",
        transcriptLanguage: "en",
        segments: { create: [{ position: 0, start: 0, end: 2, text: "Checking the transcript page." }] },
      },
    });
    const paths = [
      "/dashboard",
      "/recordings",
      `/transcription/${recording.id}`,
      "/account",
      "/data-privacy",
      "/plan-selection",
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of paths) {
      await page.goto(path);
      await page.locator("summary", { hasText: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();
      expect(await axeViolations(page), `${path} at 390 px`).toEqual([]);
    }
  });
});
