// Deleting a recording asks first: a modal dialog with JavaScript, a disclosure with the real button without it.
import crypto from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function recordingOf(userId: string, title: string) {
  return (await appDatabase()).prisma.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title,
      fileName: "call.mp3",
      storageKey: `e2e/${crypto.randomUUID()}.mp3`,
      sizeBytes: 1000,
      mimeType: "audio/mpeg",
      durationSeconds: 11,
      status: "COMPLETED",
      transcriptLanguage: "en",
      segments: { create: [{ position: 0, start: 0, end: 11, text: "Minutes of the call." }] },
    },
  });
}

test("deleting from the list asks first; cancelling keeps it, confirming removes it", async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await createUser();
  const kept = await recordingOf(user.id, "Client call (keep)");
  const doomed = await recordingOf(user.id, "Client call (delete)");
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto("/recordings");

  const list = page.getByRole("main");
  // The asking button: a <summary> without JavaScript, a button with it; both carry the label. With JavaScript, wait
  // for the dialog's code: a click while the page hydrates opens the disclosure instead (seen under load).
  if (withJs(testInfo)) {
    await expect(list.getByLabel("Delete Client call (delete)")).toHaveAttribute("aria-haspopup", "dialog");
  }
  await list.getByLabel("Delete Client call (delete)").click();
  const question = withJs(testInfo)
    ? page.getByRole("alertdialog", { name: "Delete “Client call (delete)”?" })
    : page.getByRole("group", { name: "Delete “Client call (delete)”?" });
  await expect(question).toBeVisible();
  await expect(question).toContainText("removed for good");
  if (withJs(testInfo)) {
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(question).toBeHidden();
    await list.getByLabel("Delete Client call (delete)").click();
  }
  // Nothing is deleted until the second button.
  expect(await (await appDatabase()).prisma.recording.count({ where: { userId: user.id } })).toBe(2);
  await question.getByRole("button", { name: "Delete recording" }).click();

  await expect(page).toHaveURL(/\/recordings$/);
  await expect(page.getByText("Recording deleted").first()).toBeVisible();
  await expect(list.getByRole("link", { name: "Client call (delete)" })).toHaveCount(0);
  await expect(list.getByRole("link", { name: "Client call (keep)" })).toBeVisible();
  const database = (await appDatabase()).prisma;
  expect(await database.recording.findUnique({ where: { id: doomed.id } })).toBeNull();
  expect(await database.recording.findUnique({ where: { id: kept.id } })).not.toBeNull();
});

test("the transcript page's delete asks the same question", async ({ page, baseURL }, testInfo) => {
  const user = await createUser();
  const recording = await recordingOf(user.id, "Board minutes");
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto(`/transcription/${recording.id}`);
  // With JavaScript the question is a dialog once its code has loaded; a click before that opens the same question
  // in place (the disclosure without JavaScript), which is not what this project checks.
  if (withJs(testInfo))
    await expect(page.getByRole("button", { name: "Delete recording" }).first()).toHaveAttribute(
      "aria-haspopup",
      "dialog",
    );

  await page.getByText("Delete recording", { exact: true }).first().click();
  const question = withJs(testInfo)
    ? page.getByRole("alertdialog", { name: "Delete “Board minutes”?" })
    : page.getByRole("group", { name: "Delete “Board minutes”?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Delete recording" }).click();
  await expect(page).toHaveURL(/\/recordings$/);
  expect(await (await appDatabase()).prisma.recording.findUnique({ where: { id: recording.id } })).toBeNull();
});
