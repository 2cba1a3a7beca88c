// Share links (issue 17, item 4), with JavaScript on and off: the owner creates a link on the transcript page, a
// signed-out visitor opens it (with its password), and the link stops working when it expires or is turned off.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { acceptCookies, appDatabase, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

async function finishedRecording(userId: string) {
  return createJfkRecording(
    userId,
    [
      { start: 0, end: 4, text: "Welcome to the quarterly review.", speaker: "Dr. Ruiz" },
      { start: 4, end: 9, text: "Revenue grew by twelve percent.", speaker: "Speaker 2" },
    ],
    { title: "Quarterly review", fileName: "quarterly.wav", progress: 100, completedAt: new Date() },
  );
}

/** Fills the share panel and creates a link; returns the full link shown once (on this page, or the share page). */
async function createLink(page: Page, recordingId: string, options: { password?: string; expiry: string }) {
  await page.goto(`/transcription/${recordingId}#share`);
  const panel = page.getByRole("region", { name: "Share a read-only link" });
  await panel.getByLabel("Label (optional)").fill("For the board");
  if (options.password) await panel.getByLabel("Password (optional)").fill(options.password);
  await panel.getByRole("radio", { name: options.expiry }).check();
  await panel.getByRole("button", { name: "Create link" }).click();
  const link = page.getByLabel("New share link");
  await expect(link).toBeVisible();
  await expect(page.getByText("it is shown only this once")).toBeVisible();
  return link.inputValue();
}

/** A browser with no session: the visitor the link was sent to. */
async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await acceptCookies(page, baseURL);
  return page;
}

test("create a link with a password, open it signed out, then turn it off", async ({ page, browser, baseURL }) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled ?? true;
  await acceptCookies(page, baseURL);
  const owner = await createUser();
  await signInAs(page, owner);
  const recording = await finishedRecording(owner.id);

  const url = await createLink(page, recording.id, { password: "open-sesame", expiry: "7 days" });
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);

  const guest = await visitor(browser, baseURL, javaScriptEnabled);
  await guest.goto(url);
  await expect(guest.getByRole("heading", { name: "This transcript is protected" })).toBeVisible();
  await expect(guest.getByText("Quarterly review")).toHaveCount(0);
  await guest.getByLabel("Password", { exact: true }).fill("not-it");
  await guest.getByRole("button", { name: "Open transcript" }).click();
  await expect(guest.getByText("Wrong password.").first()).toBeVisible();
  await guest.getByLabel("Password", { exact: true }).fill("open-sesame");
  await guest.getByRole("button", { name: "Open transcript" }).click();
  await expect(guest.getByRole("heading", { name: "Quarterly review" })).toBeVisible();
  await expect(guest.getByText("Revenue grew by twelve percent.")).toBeVisible();
  await expect(guest.getByText("Dr. Ruiz")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Play from 0:04" })).toBeVisible();
  // Read only: no edit forms, no download without permission, nothing of the owner's account.
  await expect(guest.getByRole("button", { name: /Save|Rename|Delete|Download/ })).toHaveCount(0);
  await expect(guest.getByText(owner.email)).toHaveCount(0);

  // The owner sees the view and turns the link off.
  // A fresh load (the page is still at #share, and going to the same address with a hash would only scroll).
  await page.goto(`/transcription/${recording.id}`);
  await page.getByRole("navigation", { name: "Page actions" }).getByRole("link", { name: "Share" }).click();
  const panel = page.getByRole("region", { name: "Share a read-only link" });
  await expect(panel.getByText(/1 view · password · no downloads/)).toBeVisible();
  await panel.getByRole("button", { name: "Turn off link For the board" }).click();
  await expect(panel.getByText(/Turned off/)).toBeVisible();

  const gone = await guest.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(guest.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(guest.getByText("This share link was turned off by its owner.")).toBeVisible();
  await guest.context().close();
});

test("a link expires: 410 once its day has passed", async ({ page, browser, baseURL }) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled ?? true;
  await acceptCookies(page, baseURL);
  const owner = await createUser();
  await signInAs(page, owner);
  const recording = await finishedRecording(owner.id);
  const url = await createLink(page, recording.id, { expiry: "1 day" });

  const guest = await visitor(browser, baseURL, javaScriptEnabled);
  await guest.goto(url);
  await expect(guest.getByText("Welcome to the quarterly review.")).toBeVisible();
  // Move the link's clock a day and a second on: made 24 h + 1 s ago.
  const { prisma } = await appDatabase();
  const ago = (ms: number) => new Date(Date.now() - ms);
  await prisma.shareLink.updateMany({
    where: { recordingId: recording.id },
    data: { createdAt: ago(86_401_000), expiresAt: ago(1000) },
  });
  const expired = await guest.goto(url);
  expect(expired?.status()).toBe(410);
  await expect(guest.getByText("This share link has expired.")).toBeVisible();
  await guest.context().close();
});

test("the shared page has no axe violations, at 1280 and 390 px", async ({ page, browser, baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "axe runs inside the page");
  // axe over the whole page at two widths: 22–27 s on a slow 2-core machine, near the default 30.
  test.setTimeout(60_000);
  await acceptCookies(page, baseURL);
  const owner = await createUser();
  await signInAs(page, owner);
  const recording = await finishedRecording(owner.id);
  await page.goto(`/transcription/${recording.id}#share`);
  const results = async (target: Page) =>
    (
      await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
    ).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  // The owner's panel, then the page a visitor sees (password form and transcript).
  expect(await results(page)).toEqual([]);
  const url = await createLink(page, recording.id, { password: "open-sesame", expiry: "30 days" });
  expect(await results(page)).toEqual([]);
  const guest = await visitor(browser, baseURL, true);
  await guest.goto(url);
  expect(await results(guest)).toEqual([]);
  await guest.getByLabel("Password", { exact: true }).fill("open-sesame");
  await guest.getByRole("button", { name: "Open transcript" }).click();
  await expect(guest.getByRole("heading", { name: "Quarterly review" })).toBeVisible();
  expect(await results(guest)).toEqual([]);
  await guest.setViewportSize({ width: 390, height: 844 });
  expect(await results(guest)).toEqual([]);
  const hasHorizontalScroll = await guest.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(hasHorizontalScroll).toBe(false);
  await guest.context().close();
});
