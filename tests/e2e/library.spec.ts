// The library at /recordings: folders, tags and bulk actions, with JavaScript and without (one form, checkboxes).
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import JSZip from "jszip";
import { axeViolations } from "./axe";
import { acceptCookies, appDatabase, createUser, expect, holdAppScripts, signInAs, test } from "./fixtures";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function recordingOf(userId: string, title: string, text = "Minutes of the call.") {
  return (await appDatabase()).prisma.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title,
      fileName: "call.wav",
      storageKey: `e2e/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      transcriptLanguage: "en",
      segments: { create: [{ position: 0, start: 0, end: 11, text }] },
    },
  });
}

async function signedInLibrary(page: Page, baseURL: string | undefined, titles: string[]) {
  const user = await createUser();
  for (const title of titles) await recordingOf(user.id, title, `${title}: we agreed on the budget.`);
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto("/recordings");
  return user;
}

/** The question a ConfirmSubmit asks: a modal with JavaScript, a disclosure's group without. */
const question = (page: Page, testInfo: TestInfo, name: string) =>
  withJs(testInfo) ? page.getByRole("alertdialog", { name }) : page.getByRole("group", { name });

test("folders: create, rename, and delete with its recordings moving back to No folder", async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await signedInLibrary(page, baseURL, ["Client call"]);
  await expect(page.getByText("You have no recordings yet")).toHaveCount(0);

  await page.getByLabel("New folder").fill("Clients");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expect(page.getByText("Folder “Clients” created").first()).toBeVisible();
  // The list stays as it was: the new folder is in the sidebar, not a filter on the next search.
  await expect(page).toHaveURL(/\/recordings$/);
  const folders = page.getByRole("navigation", { name: "Folders" });
  await expect(folders.getByRole("link", { name: "Clients (0 recordings)" })).not.toHaveAttribute("aria-current");
  await expect(page.getByLabel("Folder", { exact: true })).toHaveValue("");
  await page.getByLabel("Search titles and transcripts").fill("client");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/recordings\?q=client/);
  expect(new URL(page.url()).searchParams.get("folder")).toBeFalsy();
  await expect(page.getByText("1 recording matches “client”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Client call", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  // The unfiltered list has arrived before the next click (with JavaScript the old page stays until it has).
  await expect(page).toHaveURL(/\/recordings$/);

  await folders.getByRole("link", { name: "Clients (0 recordings)" }).click();
  await expect(page.getByText("“Clients” is empty.")).toBeVisible();
  await expect(folders.getByRole("link", { name: "Clients (0 recordings)" })).toHaveAttribute("aria-current", "page");

  // A duplicate name is refused, with the name it clashes with, above the folder forms.
  await page.getByLabel("New folder").fill("clients");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "You already have a folder called “Clients”." }),
  ).toBeVisible();

  await page.getByLabel("Folder name").fill("Client calls");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(folders.getByRole("link", { name: "Client calls (0 recordings)" })).toBeVisible();

  // File the recording there, then delete the folder: the question says where it goes.
  await folders.getByRole("link", { name: /^All recordings/ }).click();
  await page.getByLabel("Select Client call").check();
  await page.getByLabel("Move to").selectOption({ label: "Client calls" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("1 recording moved to “Client calls”").first()).toBeVisible();
  await folders.getByRole("link", { name: "Client calls (1 recording)" }).click();
  await expect(page.getByRole("link", { name: "Client call", exact: true })).toBeVisible();

  await page.getByText("Delete folder", { exact: true }).first().click();
  const ask = question(page, testInfo, "Delete the folder “Client calls”?");
  await expect(ask).toContainText("1 recording in it will move back to “No folder”. No recording is deleted.");
  await ask.getByRole("button", { name: "Delete folder" }).click();
  await expect(page).toHaveURL(/\/recordings$/);
  await expect(page.getByText("1 recording moved back to “No folder”.").first()).toBeVisible();
  const { prisma } = await appDatabase();
  expect(await prisma.folder.count({ where: { userId: user.id } })).toBe(0);
  expect(await prisma.recording.count({ where: { userId: user.id, folderId: null } })).toBe(1);
});

test("tags and bulk actions: tag two, filter by the tag with a search, untag, delete the selection", async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await signedInLibrary(page, baseURL, ["Alpha call", "Beta call", "Gamma call"]);
  // With JavaScript, a box checked before hydration is unchecked by it ("did not change its state", seen under load):
  // wait for the server's bulk block to go, which hydration does while nothing is selected.
  if (withJs(testInfo))
    await expect(page.getByRole("heading", { name: "With the selected recordings" })).toHaveCount(0);
  await page.getByLabel("Select Alpha call").check();
  await page.getByLabel("Select Beta call").check();
  if (withJs(testInfo)) await expect(page.getByRole("heading", { name: "2 recordings selected" })).toBeVisible();
  await page.getByLabel("Tag to add").fill("urgent");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText("Tagged 2 recordings #urgent").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags of Alpha call" })).toContainText("#urgent");
  await expect(page.getByRole("list", { name: "Tags of Gamma call" })).toHaveCount(0);

  // A tag chip links to the list filtered by it; the search form keeps the filter with a query.
  await page.getByRole("list", { name: "Tags of Beta call" }).getByRole("link", { name: "#urgent" }).click();
  await expect(page).toHaveURL(/tag=urgent/);
  await expect(page.getByText("2 recordings tagged #urgent.")).toBeVisible();
  await page.getByLabel("Search titles and transcripts").fill("alpha");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=alpha/);
  await expect(page).toHaveURL(/tag=urgent/);
  await expect(page.getByText("1 recording matches “alpha” tagged #urgent.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/recordings$/);

  await page.getByRole("button", { name: "Remove tag urgent from Alpha call" }).click();
  await expect(page.getByText("Removed #urgent").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags of Alpha call" })).toHaveCount(0);

  await page.getByLabel("Select Alpha call").check();
  await page.getByLabel("Select Gamma call").check();
  await page.getByText("Delete selected", { exact: true }).first().click();
  const ask = question(page, testInfo, withJs(testInfo) ? "Delete 2 recordings?" : "Delete the selected recordings?");
  await expect(ask).toContainText("removed for good");
  await ask.getByRole("button", { name: "Delete recordings" }).click();
  await expect(page.getByText("2 recordings deleted").first()).toBeVisible();
  const left = await (
    await appDatabase()
  ).prisma.recording.findMany({
    where: { userId: user.id },
    select: { title: true },
  });
  expect(left).toEqual([{ title: "Beta call" }]);
});

test("the selection downloads as a ZIP of the chosen formats", async ({ page, baseURL }) => {
  await signedInLibrary(page, baseURL, ["Alpha call", "Beta call"]);
  await page.getByLabel("Select Alpha call").check();
  await page.getByLabel("Select Beta call").check();
  await page.getByLabel("Subtitles (SRT)").check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download ZIP" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^voxlate-transcripts-[\d-]+\.zip$/);
  const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
  expect(Object.keys(zip.files).sort()).toEqual(["alpha-call.srt", "alpha-call.txt", "beta-call.srt", "beta-call.txt"]);
  expect(await zip.file("beta-call.txt")!.async("string")).toContain("Beta call: we agreed on the budget.");
  // The page stays where it was.
  await expect(page).toHaveURL(/\/recordings$/);
});

test("rows ticked before the page's scripts have loaded stay ticked, and are the selection", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(!withJs(testInfo), "Without JavaScript the ticked boxes post the bulk form (tested above)");
  const user = await createUser();
  for (const title of ["Alpha call", "Beta call"]) await recordingOf(user.id, title, `${title}: agreed.`);
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  // The app's scripts are held back until a row is ticked.
  const letScriptsLoad = await holdAppScripts(page);
  await page.goto("/recordings", { waitUntil: "commit" });
  await page.getByLabel("Select Alpha call").check();
  letScriptsLoad();
  // Hydrated: the bulk bar counts the selection.
  await expect(page.getByText("1 recording selected")).toBeVisible();
  await expect(page.getByLabel("Select Alpha call")).toBeChecked();
  await expect(page.getByLabel("Select Beta call")).not.toBeChecked();
});

test("with JavaScript: select all on the page, by keyboard too", async ({ page, baseURL }, testInfo) => {
  test.skip(!withJs(testInfo), "select all is what JavaScript adds");
  await signedInLibrary(page, baseURL, ["One", "Two", "Three"]);
  const selectAll = page.getByLabel("Select all on this page");
  await selectAll.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("heading", { name: "3 recordings selected" })).toBeVisible();
  for (const title of ["One", "Two", "Three"]) await expect(page.getByLabel(`Select ${title}`)).toBeChecked();
  await page.getByLabel("Select Two").press("Space");
  await expect(page.getByRole("heading", { name: "2 recordings selected" })).toBeVisible();
  await expect(selectAll).not.toBeChecked();
  await selectAll.press("Space");
  await expect(page.getByRole("heading", { name: "3 recordings selected" })).toBeVisible();
  await selectAll.press("Space");
  // Nothing selected: no panel at all.
  await expect(page.getByRole("form", { name: "Selected recordings" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move", exact: true })).toHaveCount(0);
});

test("at 1280 × 900 the first recording is above the fold, and the bulk panel covers no row", async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await signedInLibrary(page, baseURL, []);
  // A full page of recordings, so that the list runs past the bottom of the screen.
  for (let n = 1; n <= 20; n++) await recordingOf(user.id, `Weekly call ${String(n).padStart(2, "0")}`);
  await page.goto("/recordings");
  const rows = page.getByRole("region", { name: "Recordings" }).locator("tbody tr");
  await expect(rows).toHaveCount(20);
  const first = (await rows.first().boundingBox())!;
  expect(first.y + first.height).toBeLessThanOrEqual(900);
  // The search is above the list, the folders beside it.
  const search = (await page.getByRole("search").boundingBox())!;
  expect(search.y + search.height).toBeLessThanOrEqual(first.y);
  const folders = (await page.getByRole("navigation", { name: "Folders" }).boundingBox())!;
  expect(folders.x + folders.width).toBeLessThanOrEqual(first.x);

  const bulk = page.getByRole("form", { name: "Selected recordings" });
  if (withJs(testInfo)) {
    await expect(bulk).toHaveCount(0);
    await page.getByLabel("Select Weekly call 20").check();
    await expect(bulk.getByRole("heading", { name: "1 recording selected" })).toBeVisible();
    await expect(bulk).toBeInViewport();
    await page.getByLabel("Select Weekly call 20").uncheck();
    await expect(bulk).toHaveCount(0);
  } else {
    // Without JavaScript it is a plain block after the list: not pinned to the screen, over nothing.
    await expect(bulk).toBeVisible();
    expect(await bulk.evaluate((form) => getComputedStyle(form).position)).toBe("static");
    const last = (await rows.last().boundingBox())!;
    expect((await bulk.boundingBox())!.y).toBeGreaterThanOrEqual(last.y + last.height);
    await expect(bulk).not.toBeInViewport();
  }
});

test("the column headers sort the list, with aria-sort, as links", async ({ page, baseURL }) => {
  const user = await signedInLibrary(page, baseURL, []);
  const { prisma } = await appDatabase();
  const short = await recordingOf(user.id, "Bravo short");
  const long = await recordingOf(user.id, "Alpha long");
  const failed = await recordingOf(user.id, "Charlie failed");
  await prisma.recording.update({ where: { id: short.id }, data: { durationSeconds: 5 } });
  await prisma.recording.update({ where: { id: long.id }, data: { durationSeconds: 3600 } });
  await prisma.recording.update({ where: { id: failed.id }, data: { status: "FAILED", durationSeconds: 60 } });
  await prisma.transcriptSegment.createMany({
    data: [
      { recordingId: short.id, position: 1, start: 11, end: 12, text: "Yes.", speaker: "Speaker 1" },
      { recordingId: short.id, position: 2, start: 12, end: 13, text: "No.", speaker: "Speaker 2" },
    ],
  });
  const folder = await prisma.folder.create({
    data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "Archive" },
  });
  await prisma.recording.update({ where: { id: long.id }, data: { folderId: folder.id } });
  await page.goto("/recordings");

  const table = page.getByRole("region", { name: "Recordings" });
  const titles = () => table.locator("tbody tr td:nth-child(2) a").allTextContents();
  const header = (name: string) => table.getByRole("columnheader", { name: new RegExp(`^${name}`) });
  // Newest first by default, and the Date column says so.
  await expect(header("Date")).toHaveAttribute("aria-sort", "descending");
  await expect(header("Title")).not.toHaveAttribute("aria-sort");
  expect(await titles()).toEqual(["Charlie failed", "Alpha long", "Bravo short"]);
  // The columns' contents: length, status, speakers, folder.
  const row = table.getByRole("row", { name: /Bravo short/ });
  await expect(row).toContainText("0:05");
  await expect(row.getByRole("cell").nth(5)).toHaveText("2");
  await expect(row).toContainText("No folder");
  await expect(table.getByRole("row", { name: /Alpha long/ })).toContainText("1:00:00");
  await expect(table.getByRole("row", { name: /Alpha long/ })).toContainText("Archive");

  await header("Length").getByRole("link").click();
  await expect(page).toHaveURL(/sort=longest/);
  await expect(header("Length")).toHaveAttribute("aria-sort", "descending");
  expect(await titles()).toEqual(["Alpha long", "Charlie failed", "Bravo short"]);
  await header("Length").getByRole("link").click();
  await expect(page).toHaveURL(/sort=shortest/);
  await expect(header("Length")).toHaveAttribute("aria-sort", "ascending");
  expect(await titles()).toEqual(["Bravo short", "Charlie failed", "Alpha long"]);

  await header("Title").getByRole("link").click();
  await expect(header("Title")).toHaveAttribute("aria-sort", "ascending");
  await expect(header("Length")).not.toHaveAttribute("aria-sort");
  expect(await titles()).toEqual(["Alpha long", "Bravo short", "Charlie failed"]);
  await header("Speakers").getByRole("link").click();
  await expect(header("Speakers")).toHaveAttribute("aria-sort", "descending");
  expect((await titles())[0]).toBe("Bravo short");
  await header("Status").getByRole("link").click();
  await expect(header("Status")).toHaveAttribute("aria-sort", "ascending");
  expect((await titles()).at(-1)).toBe("Charlie failed");
  await header("Folder").getByRole("link").click();
  await expect(header("Folder")).toHaveAttribute("aria-sort", "ascending");
  expect((await titles())[0]).toBe("Alpha long");

  // A search keeps the sort. (The search form carries the sort it was rendered with: wait for the title sort's page.)
  await header("Title").getByRole("link").click();
  await expect(header("Title")).toHaveAttribute("aria-sort", "ascending");
  await page.getByLabel("Search titles and transcripts").fill("call");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).toHaveURL(/q=call/);
  await expect(header("Title")).toHaveAttribute("aria-sort", "ascending");
});

test("the library with folders and tags has no axe violations, at 1280 and 390 px (slow: axe at two widths)", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(!withJs(testInfo), "axe runs inside the page");
  // axe over the whole page at two widths: 22–27 s on a slow 2-core machine, near the default 30.
  test.setTimeout(60_000);
  const user = await signedInLibrary(page, baseURL, ["Axe one", "Axe two"]);
  const { prisma } = await appDatabase();
  const folder = await prisma.folder.create({
    data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "Clients" },
  });
  const tag = await prisma.tag.create({
    data: { userId: user.id, workspaceId: await personalWorkspaceId(user.id), name: "urgent" },
  });
  const [first] = await prisma.recording.findMany({ where: { userId: user.id }, orderBy: { title: "asc" } });
  await prisma.recording.update({ where: { id: first.id }, data: { folderId: folder.id } });
  await prisma.recordingTag.create({ data: { recordingId: first.id, tagId: tag.id } });
  for (const path of ["/recordings", `/recordings?folder=${folder.id}`, "/recordings?tag=nothing"]) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Folders" })).toBeVisible();
      expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
      // Nothing wider than the screen at 390 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
