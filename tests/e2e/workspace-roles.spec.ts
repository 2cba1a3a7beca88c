// What a role may do shows in the pages (issue 32, ADR 033): a viewer of a team workspace reads, plays and exports its
// transcripts and is offered no form the server would refuse, with JavaScript on and off. A member of the same team
// gets the forms. The server's refusals of each form are tested in tests/integration/workspaces.test.ts.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { acceptCookies, appDatabase, createRecording, createUser, expect, signInAs, test } from "./fixtures";

/** A team with a finished, one-segment transcript, and a colleague in it with `role`, signed in on `page`. */
async function colleagueWithRole(page: Page, baseURL: string | undefined, role: "VIEWER" | "MEMBER") {
  const { prisma } = await appDatabase();
  const owner = await createUser({ firstName: "Olivia" });
  // Teams come with Business Pro, as an administrator grants it on a server without Stripe (npm run plan:set).
  await prisma.user.update({ where: { id: owner.id }, data: { plan: "BUSINESS_PRO", planSource: "MANUAL" } });
  const team = await createTeamWorkspace(owner.id, `Chambers ${crypto.randomUUID().slice(0, 6)}`);
  const colleague = await createUser({ firstName: "Vic" });
  await prisma.workspaceMember.create({ data: { workspaceId: team.id, userId: colleague.id, role } });
  await prisma.user.update({ where: { id: colleague.id }, data: { currentWorkspaceId: team.id } });
  const recording = await createRecording(owner.id, {
    workspaceId: team.id,
    title: "Witness interview",
    status: "COMPLETED",
    language: "en",
    transcriptLanguage: "en",
    segments: { create: [{ position: 0, start: 0, end: 2, text: "I saw the car at noon.", speaker: "Speaker 1" }] },
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, colleague);
  return recording;
}

test("a viewer reads and exports a team transcript, and is offered no form their role would be refused", async ({
  page,
  baseURL,
}) => {
  const recording = await colleagueWithRole(page, baseURL, "VIEWER");

  // The Export section (a tab of the side panel with JavaScript), opened by its hash.
  await page.goto(`/transcription/${recording.id}#export`);
  await expect(page.getByRole("heading", { name: "Witness interview", level: 1 })).toBeVisible();
  await expect(page.locator("[data-segment-text]", { hasText: "I saw the car at noon." })).toBeVisible();
  await expect(page.getByTestId("read-only")).toContainText("Your role in this workspace (viewer) does not allow");
  // Reading and exporting stay.
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
  // Nothing that changes, shares or deletes it.
  await expect(page.locator("form#delete-recording")).toHaveCount(0);
  for (const name of ["Rename", "Rename everywhere", "Split at cursor", "Summarise"]) {
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("Find and replace")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit segment/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Share a read-only link" })).toHaveCount(0);
  // With JavaScript the words play the audio but are not a text box to type in.
  await expect(page.getByRole("textbox", { name: /Text of the segment/ })).toHaveCount(0);

  // The library: the list and its ZIP, no folder, tag, move or delete forms; no "Upload or record".
  await page.goto("/recordings");
  await expect(page.getByRole("link", { name: "Witness interview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upload or record" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create folder" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete selected" })).toHaveCount(0);

  // The dashboard says why there is no upload form.
  await page.goto("/dashboard");
  await expect(page.getByTestId("upload-refusal")).toContainText(
    "Your role in this workspace (viewer) does not allow uploading or recording audio.",
  );
  await expect(page.getByRole("button", { name: /Upload/ })).toHaveCount(0);
});

test("a member of the same team gets the forms", async ({ page, baseURL }) => {
  const recording = await colleagueWithRole(page, baseURL, "MEMBER");
  await page.goto(`/transcription/${recording.id}`);
  await expect(page.locator("[data-segment-text]", { hasText: "I saw the car at noon." })).toBeVisible();
  await expect(page.getByTestId("read-only")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rename", exact: true })).toBeVisible();
  await expect(page.locator("form#delete-recording")).toHaveCount(1);
  await expect(page.getByRole("link", { name: /^Edit segment/ })).toHaveCount(1);
  await page.goto("/dashboard");
  await expect(page.getByTestId("upload-refusal")).toHaveCount(0);
});
