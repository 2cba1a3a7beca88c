// The court-ready export on the transcript page (issue 34, item 5; ADR 046), with JavaScript on and off: the owner
// fills in the caption (a refused one comes back with its sentence), then downloads the legal layout as PDF/A.
import fs from "node:fs";
import { acceptCookies, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

async function deposition(userId: string) {
  return createJfkRecording(
    userId,
    [
      { start: 0, end: 4, text: "Please state your name for the record.", speaker: "Mr Smith" },
      { start: 4, end: 9, text: "Jane Doe.", speaker: "Jane Doe" },
    ],
    { title: "Deposition", fileName: "deposition.wav", progress: 100, completedAt: new Date() },
  );
}

test("fill in the caption, then download the court transcript", async ({ page, baseURL }) => {
  const owner = await createUser();
  const recording = await deposition(owner.id);
  await acceptCookies(page, baseURL);
  await signInAs(page, owner);
  await page.goto(`/transcription/${recording.id}#export`);

  const section = page.getByRole("region", { name: "Court transcript (legal layout)" });
  await expect(section.getByLabel("Q./A. layout")).toBeDisabled();
  await section.getByLabel("Matter").fill("Smith v. Doe");
  await section.getByLabel("Case number").fill("2026-CV-0042");
  await section.getByLabel("Examiner (asks, Q.)").fill("Mr Smith");
  await section.getByRole("button", { name: "Save caption" }).click();

  // Refused (a witness is missing): with JavaScript, the form says so in place; without, the caption's own page
  // does, with the values kept.
  await expect(page.getByText("The Q./A. layout needs both who asks and who answers.")).toBeVisible();
  await expect(page.getByLabel("Matter")).toHaveValue("Smith v. Doe");
  await page.getByLabel("Witness (answers, A.)").fill("Jane Doe");
  await page.getByRole("button", { name: "Save caption" }).click();

  await expect(page).toHaveURL(new RegExp(`/transcription/${recording.id}#legal-export$`));
  await expect(page.getByText("Caption saved").first()).toBeVisible();
  const saved = page.getByRole("region", { name: "Court transcript (legal layout)" });
  await expect(saved.getByLabel("Case number")).toHaveValue("2026-CV-0042");
  await saved.getByLabel("Q./A. layout").check();
  await saved.getByLabel("Time zone", { exact: true }).fill("Europe/Berlin");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    saved.getByRole("button", { name: "Export court transcript" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("deposition-legal.pdf");
  const pdf = fs.readFileSync((await download.path())!).toString("latin1");
  expect(pdf.startsWith("%PDF-1.7")).toBe(true);
  expect(pdf).toContain("<pdfaid:part>2</pdfaid:part>");
});
