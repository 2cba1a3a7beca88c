// /data-privacy with JavaScript on and off (issue 18): export everything and download the ZIP, only as its owner;
// delete one recording's audio, every recording, or the account (with its grace period, cancelled by signing in);
// choose a retention policy that the recordings list then shows; read the access log.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { sharedFile } from "../shared-files";
import { acceptCookies, appDatabase, createUser, expect, signIn, signInAs, test } from "./fixtures";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const JFK = sharedFile("testdata/audio/jfk.mp3");
const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;
const stored = (key: string) => path.join(E2E_DATA_DIR, "uploads", key);

/** A finished recording whose audio is really in the app's storage. */
async function recordingOf(userId: string, title: string) {
  const id = `e2e${crypto.randomBytes(8).toString("hex")}`;
  const storageKey = `recordings/${userId}/${id}.mp3`;
  fs.mkdirSync(path.dirname(stored(storageKey)), { recursive: true });
  fs.copyFileSync(JFK, stored(storageKey));
  const now = new Date();
  await (
    await appDatabase()
  ).prisma.recording.create({
    data: {
      id,
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title,
      fileName: "jfk.mp3",
      storageKey,
      sizeBytes: fs.statSync(JFK).size,
      mimeType: "audio/mpeg",
      durationSeconds: 11,
      status: "COMPLETED",
      transcriptLanguage: "en",
      completedAt: now,
      segments: { create: [{ position: 0, start: 0, end: 11, text: "Ask what you can do for your country." }] },
    },
  });
  return { id, storageKey };
}

/** The destructive question: a modal dialog with JavaScript, a disclosure group without it. */
async function confirm(
  page: import("@playwright/test").Page,
  testInfo: TestInfo,
  ask: string,
  title: string,
  yes: string,
) {
  // With JavaScript, wait for the dialog's code: a click while the page hydrates can be lost (seen once under load).
  if (withJs(testInfo))
    await expect(page.getByRole("button", { name: ask }).first()).toHaveAttribute("aria-haspopup", "dialog");
  await page.getByText(ask, { exact: true }).first().click();
  // With JavaScript the question is a modal dialog, unless the click came before the dialog's code loaded: then it
  // is the same disclosure as without JavaScript, which works as well.
  const disclosure = page.getByRole("group", { name: title });
  const question = withJs(testInfo) ? page.getByRole("alertdialog", { name: title }).or(disclosure) : disclosure;
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: yes }).click();
}

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("export all my data: progress, then a ZIP with the audio and transcript that only the owner can download", async ({
  page,
  browser,
}, testInfo) => {
  const user = await createUser();
  const { id } = await recordingOf(user.id, "Lecture one");
  await signInAs(page, user);
  await page.goto("/data-privacy");
  await page.getByRole("button", { name: "Export all my data" }).click();
  await expect(page.getByText("Export started").first()).toBeVisible();

  const download = page.getByRole("link", { name: /Download ZIP/ });
  if (withJs(testInfo)) {
    // The page refreshes its progress by itself.
    await expect(download).toBeVisible({ timeout: 20_000 });
  } else {
    await expect(async () => {
      await page.goto("/data-privacy");
      await expect(download).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
  }
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const zipPath = testInfo.outputPath("export.zip");
  await file.saveAs(zipPath);
  const entries = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" });
  for (const name of [
    "profile.json",
    "audio.mp3",
    "transcript.json",
    "transcript.txt",
    "transcript.srt",
    "audit-log.json",
  ])
    expect(entries).toContain(name);
  expect(entries).toContain(id.slice(-8));

  // Another signed-in user with the same link gets nothing.
  const href = (await download.getAttribute("href"))!;
  const intruder = await createUser();
  const other = await browser.newContext({ javaScriptEnabled: withJs(testInfo) });
  const otherPage = await other.newPage();
  await signInAs(otherPage, intruder);
  const stolen = await otherPage.request.get(href);
  expect(stolen.status()).toBe(404);
  await other.close();

  await page.goto("/data-privacy");
  const log = page.getByRole("table", { name: /access log/i });
  await expect(log).toContainText("Asked for an export of all data");
  await expect(log).toContainText("Downloaded the data export");
});

test("delete one recording's audio: the transcript stays, the file is gone", async ({ page }, testInfo) => {
  const user = await createUser();
  const { id, storageKey } = await recordingOf(user.id, "Hearing");
  await signInAs(page, user);
  await page.goto(`/transcription/${id}`);
  await confirm(page, testInfo, "Delete audio", "Delete the audio of “Hearing”?", "Delete audio");
  await expect(page).toHaveURL(new RegExp(`/transcription/${id}$`));
  await expect(page.getByText("Audio deleted").first()).toBeVisible();
  await expect(page.getByText(/The audio was deleted on/)).toBeVisible();
  await expect(page.getByText("Ask what you can do for your country.").first()).toBeVisible();
  expect(fs.existsSync(stored(storageKey))).toBe(false);
  await page.goto("/recordings");
  await expect(page.getByText(/Audio deleted on/)).toBeVisible();
});

test("retention policy: saved, and the recordings list says when each recording will be deleted", async ({ page }) => {
  const user = await createUser();
  await recordingOf(user.id, "Seminar");
  await signInAs(page, user);
  await page.goto("/data-privacy");
  await page.getByLabel("Delete audio after the transcript is made").selectOption("30");
  await page.getByLabel("Delete whole recordings after upload").selectOption("90");
  await page.getByRole("button", { name: "Save retention policy" }).click();
  await expect(page.getByText("Retention policy saved").first()).toBeVisible();
  await expect(page.getByLabel("Delete whole recordings after upload")).toHaveValue("90");
  const stored = await (await appDatabase()).prisma.user.findUniqueOrThrow({ where: { id: user.id } });
  expect([stored.audioRetentionDays, stored.recordingRetentionDays]).toEqual([30, 90]);
  await page.goto("/recordings");
  await expect(page.getByText(/Audio will be deleted on/)).toBeVisible();
  await expect(page.getByText(/Will be deleted on/)).toBeVisible();
});

test("delete all recordings: rows and files go", async ({ page }, testInfo) => {
  const user = await createUser();
  const files = [await recordingOf(user.id, "One"), await recordingOf(user.id, "Two")];
  await signInAs(page, user);
  await page.goto("/data-privacy");
  await confirm(page, testInfo, "Delete all recordings", "Delete all 2 recordings?", "Delete all recordings");
  await expect(page.getByText("2 recordings deleted").first()).toBeVisible();
  expect(await (await appDatabase()).prisma.recording.count({ where: { userId: user.id } })).toBe(0);
  for (const { storageKey } of files) expect(fs.existsSync(stored(storageKey))).toBe(false);
});

test("delete the account in 7 days; signing in cancels it and the log says so", async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/data-privacy");
  await page.getByLabel(/In 7 days/).check();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Your account will be deleted on/).first()).toBeVisible();
  const database = (await appDatabase()).prisma;
  expect((await database.user.findUniqueOrThrow({ where: { id: user.id } })).deletionScheduledAt).not.toBeNull();

  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await database.user.findUniqueOrThrow({ where: { id: user.id } })).deletionScheduledAt).toBeNull();
  await page.goto("/data-privacy");
  const log = page.getByRole("table", { name: /access log/i });
  await expect(log).toContainText("Account deletion cancelled");
  await expect(log).toContainText("Signed in");
});

test("delete the account now: the account and its files are gone", async ({ page }) => {
  const user = await createUser();
  const { storageKey } = await recordingOf(user.id, "Last one");
  await signInAs(page, user);
  await page.goto("/data-privacy");
  await page.getByLabel(/^Now/).check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  // The confirmation is required: the form says so and nothing is deleted.
  await expect(page.getByText("Type DELETE to confirm").last()).toBeVisible();
  expect(await (await appDatabase()).prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted").first()).toBeVisible();
  expect(await (await appDatabase()).prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
  expect(fs.existsSync(stored(storageKey))).toBe(false);
});
