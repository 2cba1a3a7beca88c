// The heart of the product, end to end with the real pocketsphinx engine, queue and storage, with
// JavaScript (project "js") and without ("no-js").
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { FALLBACK_ENGINE_NOTICE } from "~/content/engines";
import {
  acceptCookies,
  appDatabase,
  createRecording,
  createUser,
  expect,
  signInAs,
  test,
  waitForJobResult,
} from "./fixtures";
import { sharedFile } from "../shared-files";
import { chooseOption } from "./select";

const JFK = sharedFile("testdata/audio/jfk.mp3");
const NOT_AUDIO = sharedFile("testdata/bad/not-audio.mp3");

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function signInOnPlan(page: Page, baseURL: string | undefined, plan: "FREE" | "BUSINESS_PRO") {
  await acceptCookies(page, baseURL);
  const user = await createUser();
  await (await appDatabase()).prisma.user.update({ where: { email: user.email }, data: { plan } });
  await signInAs(page, user);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/** Without scripts the page offers a Refresh link; with them it updates by itself. */
async function waitUntilCompleted(page: Page) {
  const transcript = page.getByRole("heading", { name: "Transcript", exact: true });
  await waitForJobResult(transcript, page.getByRole("link", { name: "Refresh" }), 60_000);
}

/** With JavaScript the page's sections are the side panel's tabs; without it, all of them are on the page. */
async function openTab(page: Page, testInfo: TestInfo, name: string) {
  if (withJs(testInfo)) await page.getByRole("tab", { name, exact: true }).click();
}

test("upload jfk.mp3, watch it complete, edit, rename a speaker and download every export (slow: a real transcription and six exports)", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInOnPlan(page, baseURL, "BUSINESS_PRO");
  await expect(page.getByText("Unlimited transcription on Business Pro")).toBeVisible();

  await page.getByLabel(/Choose an audio file|Drop an audio file/).setInputFiles(JFK);
  await chooseOption(page.getByLabel("Spoken language"), "en");
  await page.getByLabel(/Label speakers/).check();
  await page.getByRole("button", { name: "Upload and transcribe" }).click();

  await expect(page).toHaveURL(/\/transcription\/\w+$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "jfk" })).toBeVisible();
  await waitUntilCompleted(page);
  await expect(page.getByText("Transcribed by Pocketsphinx")).toBeVisible();
  // CI has no whisper model, so the offline fallback ran, and the page says what that means.
  await expect(page.getByRole("note").filter({ hasText: FALLBACK_ENGINE_NOTICE })).toBeVisible();
  const transcript = page.getByRole("list").filter({ hasText: "country" });
  await expect(transcript).toBeVisible();

  // Edit the first segment; its time stays.
  const firstSegment = transcript.getByRole("listitem").first();
  const time = await firstSegment.getByRole("link", { name: /Play from/ }).innerText();
  // The segment's own page has its form (with JavaScript the text itself is editable in place too).
  await firstSegment.getByRole("link", { name: /^Edit segment at/ }).click();
  await page.locator("textarea[name=text]").fill("And so my fellow Americans");
  await page.getByRole("button", { name: "Save segment" }).click();
  const edited = page.getByRole("listitem").filter({ hasText: "And so my fellow Americans" });
  await expect(edited).toBeVisible();
  await expect(edited.getByRole("link", { name: /Play from/ })).toHaveText(time);

  // Speaker labels (Business Pro): rename one speaker everywhere (with JavaScript, in the side panel's Speakers tab).
  await openTab(page, testInfo, "Speakers");
  await page.getByLabel("Speaker", { exact: true }).selectOption({ index: 0 });
  await page.getByLabel("New name").fill("President Kennedy");
  await page.getByRole("button", { name: "Rename everywhere" }).click();
  await expect(page.getByText("President Kennedy").first()).toBeVisible();

  // Summary (Business Pro): made by the offline summariser, which says so; a key point links to its segment.
  await openTab(page, testInfo, "Summary");
  await page.getByRole("button", { name: "Summarise", exact: true }).click();
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(
    summary.getByText("Extractive summary (offline: the transcript's most central sentences, not AI)"),
  ).toBeVisible();
  await expect(summary.getByRole("heading", { name: "Key points" })).toBeVisible();
  const pointLink = summary.getByRole("link", { name: /Play from/ }).first();
  const target = (await pointLink.getAttribute("href"))!;
  // The point's segment, on the editor's page that holds it (this one: the transcript is short).
  const anchor = target.slice(target.indexOf("#"));
  expect(target).toMatch(/\?segment=/);
  expect(await page.locator(anchor).count()).toBe(1);
  if (withJs(testInfo)) {
    await pointLink.click();
    await expect
      .poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.currentTime > 0 || !audio.paused))
      .toBe(true);
  }

  // Translate into Spanish: a background job; the page follows it (polling with JS, Refresh without).
  await openTab(page, testInfo, "Summary");
  await chooseOption(page.getByLabel("Translate into"), "es");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  const sideBySide = page.getByRole("link", { name: "Spanish", exact: true });
  await waitForJobResult(sideBySide, page.getByRole("button", { name: "Refresh" }), 30_000);
  await sideBySide.click();
  await expect(
    page
      .locator('p[lang="es"]')
      .filter({ hasText: /pa[ií]s/i })
      .first(),
  ).toBeVisible();

  await openTab(page, testInfo, "Export");
  for (const [label, extension] of [
    ["PDF", "pdf"],
    ["Word (DOCX)", "docx"],
    ["Plain text (TXT)", "txt"],
    ["Subtitles (SRT)", "srt"],
  ]) {
    await page.getByLabel(label, { exact: true }).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    expect((await download).suggestedFilename()).toBe(`jfk.${extension}`);
    // The cover states which engine wrote it as a fact; the advice to operators stays in the app (the same lines
    // go on PDF and DOCX).
    if (extension === "txt") {
      const text = fs.readFileSync((await (await download).path())!, "utf8");
      expect(text).toContain("Machine transcript: pocketsphinx en-us (offline fallback)");
      expect(text).not.toContain(FALLBACK_ENGINE_NOTICE);
    }
  }
});

test("a file that is not audio gets its clear message on the dashboard", async ({ page, baseURL }) => {
  await signInOnPlan(page, baseURL, "FREE");
  await page.getByLabel(/Choose an audio file|Drop an audio file/).setInputFiles(NOT_AUDIO);
  await page.getByRole("button", { name: "Upload and transcribe" }).click();
  await expect(page.getByRole("alert")).toContainText(/audio/i);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("another user gets 404 for a recording's page", async ({ page, baseURL, browser }) => {
  // The owner's recording is stored finished: the upload and its transcription are the first test's, and a refusal
  // reads no words.
  const owner = await signInOnPlan(page, baseURL, "FREE");
  const recording = await createRecording(owner.id, { status: "COMPLETED", language: "en" });
  const url = `/transcription/${recording.id}`;
  await page.goto(url);
  await expect(page.getByRole("heading", { name: recording.title })).toBeVisible();

  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await acceptCookies(other, baseURL);
  await signInAs(other, await createUser());
  const response = await other.goto(url);
  expect(response?.status()).toBe(404);
  await otherContext.close();
});
