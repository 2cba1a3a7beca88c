// The redaction page (issue 35, ADR 048), with JavaScript and without: suggestions found and accepted (one by one and
// a whole category), words redacted by hand (selected with the mouse or the keyboard; or the plain form), the preview
// as others see it, and the review. A member gets the 403 page.
import { axeViolations } from "./axe";
import { acceptCookies, appDatabase, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

async function interview(userId: string) {
  return createJfkRecording(userId, [
    { start: 0, end: 4, text: "Call me at 555 0100 or write to ana@example.com today.", speaker: "Speaker 1" },
    { start: 4, end: 8, text: "Maria Lopez will meet you at the station.", speaker: "Speaker 2" },
    { start: 8, end: 11, text: "Copy bo@example.org as well.", speaker: "Speaker 1" },
  ]);
}

/** Rejects whatever other detectors suggested, category by category, so that the review may be marked. */
async function rejectTheRest(page: import("@playwright/test").Page) {
  const rejectAll = page.getByRole("button", { name: /^Reject all/ });
  while ((await rejectAll.count()) > 0) {
    const before = await rejectAll.count();
    await rejectAll.first().click();
    await expect(rejectAll).toHaveCount(before - 1);
  }
}

test("with JavaScript: accept a category, redact words selected with the mouse and with the keyboard", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the word selection needs JavaScript; the plain form is tested without");
  const owner = await createUser();
  const recording = await interview(owner.id);
  await acceptCookies(page, baseURL);
  await signInAs(page, owner);
  await page.goto(`/transcription/${recording.id}`);
  await page.getByRole("link", { name: "Redact", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Redactions of “Inaugural address”");
  await expect(page.getByTestId("review-state")).toHaveText("Not reviewed.");
  await expect(page.getByText("No suggestions wait for a decision.")).toBeVisible();

  await page.getByRole("button", { name: "Find suggestions" }).click();
  await expect(page.getByText(/Found \d+ new suggestions?/).first()).toBeVisible();
  const emails = page.getByRole("region", { name: /^Email addresses/ });
  await expect(emails.getByRole("listitem")).toHaveCount(2);
  await expect(emails.locator("mark")).toHaveText(["ana@example.com", "bo@example.org"]);
  await emails.getByRole("button", { name: "Accept all email addresses" }).click();
  await expect(page.getByText("Accepted 2 suggestions").first()).toBeVisible();
  await expect(page.getByRole("region", { name: /^Email addresses/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove the redaction of “ana@example.com”" })).toBeVisible();

  // The mouse: the first word, then Shift+click the last.
  const second = page.getByRole("group", { name: /^Words of the segment at 0:04/ });
  await second.getByRole("button", { name: "Maria", exact: true }).click();
  await second.getByRole("button", { name: "Lopez", exact: true }).click({ modifiers: ["Shift"] });
  const selection = page.getByRole("form", { name: "Redact the selected words" });
  await expect(selection.getByText("Maria Lopez", { exact: true })).toBeVisible();
  await selection.getByLabel("Category").selectOption("NAME");
  await selection.getByRole("button", { name: "Redact selection" }).click();
  await expect(page.getByText("Redacted as [NAME]").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the redaction of “Maria Lopez”" })).toBeVisible();

  // The keyboard: to "555", Shift+Right over "0100", Enter goes on to the category, then the button.
  const first = page.getByRole("group", { name: /^Words of the segment at 0:00/ });
  await first.getByRole("button", { name: "555", exact: true }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(first.getByRole("button", { name: "0100", exact: true })).toBeFocused();
  await expect(first.getByRole("button", { name: "0100", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  const keyboardSelection = page.getByRole("form", { name: "Redact the selected words" });
  await expect(keyboardSelection.getByLabel("Category")).toBeFocused();
  await keyboardSelection.getByLabel("Category").selectOption("PHONE");
  await page.keyboard.press("Tab");
  await expect(keyboardSelection.getByRole("button", { name: "Redact selection" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Redacted as [PHONE]").first()).toBeVisible();

  await page.getByRole("link", { name: "Preview as others see it" }).click();
  await expect(page.getByRole("heading", { name: "The transcript as others see it" })).toBeVisible();
  const transcript = page.getByRole("region", { name: "The transcript as others see it" });
  await expect(transcript.getByText("Call me at [PHONE] or write to [EMAIL] today.")).toBeVisible();
  await expect(transcript.getByText("[NAME] will meet you at the station.")).toBeVisible();

  const log = page.getByRole("table", { name: "Redaction log" });
  await expect(log.getByRole("row", { name: /Redacted a passage by hand/ })).toHaveCount(2);
  await expect(log).not.toContainText("Maria");

  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript: find, accept one, redact words with the plain form, then review", async ({
  page,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the plain forms; the word selection is tested with JavaScript");
  const owner = await createUser();
  const recording = await interview(owner.id);
  await acceptCookies(page, baseURL);
  await signInAs(page, owner);
  await page.goto(`/transcription/${recording.id}/redactions`);

  await page.getByRole("button", { name: "Find suggestions" }).click();
  await expect(page.getByRole("button", { name: "Mark redactions reviewed" })).toBeDisabled();
  await page.getByRole("button", { name: "Accept “ana@example.com”" }).click();
  await expect(page.getByText("Accepted 1 suggestion").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the redaction of “ana@example.com”" })).toBeVisible();

  await page.getByRole("link", { name: "Redact words of the segment at 0:04" }).click();
  const form = page.getByRole("form", { name: "Redact words of the segment at 0:04" });
  await form.getByLabel("First word").selectOption({ label: "1. Maria" });
  await form.getByLabel("Last word").selectOption({ label: "2. Lopez" });
  await form.getByLabel("Category").selectOption("NAME");
  await form.getByRole("button", { name: "Redact" }).click();
  await expect(page.getByText("Redacted as [NAME]").first()).toBeVisible();
  await expect(page.locator("mark", { hasText: "Maria Lopez" })).toContainText("[NAME]");

  await rejectTheRest(page);
  await page.getByRole("button", { name: "Mark redactions reviewed" }).click();
  await expect(page.getByText("Redactions marked reviewed").first()).toBeVisible();
  await expect(page.getByTestId("review-state")).toContainText("Reviewed by Casey Tester on");
  const stored = await (
    await appDatabase()
  ).prisma.transcriptSegment.findMany({ where: { recordingId: recording.id }, orderBy: { position: "asc" } });
  expect(stored[1].redactedText).toBe("[NAME] will meet you at the station.");

  // A phone's width: nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a member gets the 403 page", async ({ page, baseURL }) => {
  const owner = await createUser();
  const recording = await interview(owner.id);
  const member = await createUser();
  await (
    await appDatabase()
  ).prisma.workspaceMember.create({
    data: { workspaceId: recording.workspaceId, userId: member.id, role: "MEMBER" },
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, member);
  const response = await page.goto(`/transcription/${recording.id}/redactions`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Only owners and admins redact" })).toBeVisible();
});
