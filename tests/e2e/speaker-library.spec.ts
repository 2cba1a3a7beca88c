// Named speakers across files and notes on passages, with JavaScript (project "js") and without ("no-js"): a voice
// saved while renaming a speaker names that speaker in the next upload of the same voices, with a one-click undo;
// a note added to a passage shows in the margin beside its segment.
import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  acceptCookies,
  appDatabase,
  createJfkRecording,
  createUser,
  expect,
  signInAs,
  test,
  waitForJobResult,
} from "./fixtures";
import { dialogueOpening } from "../shared-files";

/** The match on the second upload is what is tested, not the words: the dialogue's opening is enough. */
const DIALOGUE = dialogueOpening();
const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function signInOnBusinessPro(page: Page, baseURL: string | undefined) {
  await acceptCookies(page, baseURL);
  const user = await createUser();
  await (await appDatabase()).prisma.user.update({ where: { email: user.email }, data: { plan: "BUSINESS_PRO" } });
  await signInAs(page, user);
  return user;
}

/** With JavaScript the speaker forms are the side panel's Speakers tab; without it, a section of the page. */
async function openSpeakers(page: Page, testInfo: TestInfo) {
  if (withJs(testInfo)) await page.getByRole("tab", { name: "Speakers" }).click();
}

/** Uploads the dialogue's opening with speaker labels from the dashboard and waits for its transcript. */
async function uploadDialogue(page: Page) {
  await page.goto("/dashboard");
  await page.getByLabel(/Choose an audio file|Drop an audio file/).setInputFiles(DIALOGUE);
  await page.getByLabel(/Label speakers/).check();
  await page.getByRole("button", { name: "Upload and transcribe" }).click();
  await expect(page).toHaveURL(/\/transcription\/\w+$/, { timeout: 30_000 });
  const transcript = page.getByRole("heading", { name: "Transcript", exact: true });
  await waitForJobResult(transcript, page.getByRole("link", { name: "Refresh" }), 60_000);
}

// axe runs in the page, so it needs JavaScript: without it the same markup is checked by the JS project.
const violations = async (page: Page, testInfo: TestInfo) => (withJs(testInfo) ? axeViolations(page) : []);

test("a voice saved on one upload names the speaker on the next, and the match can be undone (slow: two real transcriptions with speaker labels)", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInOnBusinessPro(page, baseURL);
  await uploadDialogue(page);
  await openSpeakers(page, testInfo);

  await page.getByLabel("Speaker", { exact: true }).selectOption("Speaker 1");
  await page.getByLabel("New name").fill("Dr. Ruiz");
  await page.getByLabel("Save this voice to my speaker library").check();
  await page.getByRole("button", { name: "Rename everywhere" }).click();
  const library = page.getByRole("region", { name: "Speaker library" });
  await expect(library.getByText("Dr. Ruiz: saved in your speaker library")).toBeVisible();

  await uploadDialogue(page);
  await openSpeakers(page, testInfo);
  await expect(library.getByText(/Speaker 1 matched Dr\. Ruiz \(\d+%\)/)).toBeVisible();
  // Pocketsphinx hears espeak's voices poorly: the segments are found by place, not by their words.
  const transcript = page.getByRole("region", { name: "Transcript", exact: true });
  await expect(transcript.getByRole("listitem").first()).toContainText("Dr. Ruiz");
  expect(await violations(page, testInfo)).toEqual([]);

  await library.getByRole("button", { name: "Undo: call Dr. Ruiz Speaker 1 again" }).click();
  await expect(library.getByRole("button", { name: "Save Speaker 1’s voice to my speaker library" })).toBeVisible();
  await expect(transcript.getByRole("listitem").first()).toContainText("Speaker 1");
  await expect(transcript.getByRole("listitem").first()).not.toContainText("Dr. Ruiz");

  // The account page lists the voice; it is renamed there.
  await page.goto("/account");
  const profiles = page.getByRole("region", { name: "Speaker library" });
  await expect(profiles.getByText("Dr. Ruiz", { exact: true })).toBeVisible();
  await profiles.getByLabel("New name for Dr. Ruiz").fill("Dr. Ana Ruiz");
  await profiles.getByRole("button", { name: "Rename" }).click();
  await expect(profiles.getByText("Dr. Ana Ruiz", { exact: true })).toBeVisible();
  expect(await violations(page, testInfo)).toEqual([]);
});

test("a note on a passage shows in the margin beside its segment", async ({ page, baseURL }, testInfo) => {
  const user = await signInOnBusinessPro(page, baseURL);
  // The notes need a transcript, not a transcription: the recording is stored finished, as the editor's tests do.
  const recording = await createJfkRecording(user.id, [
    { start: 0, end: 4.2, text: "We closed the quarter ahead of plan.", speaker: "Speaker 1" },
    { start: 4.2, end: 11, text: "Then the board asked for the numbers.", speaker: "Speaker 2" },
  ]);
  await page.goto(`/transcription/${recording.id}`);
  const segment = page.getByRole("region", { name: "Transcript", exact: true }).getByRole("listitem").first();
  const word = "quarter";
  if (withJs(testInfo)) {
    // Select words in the segment's text: the note form opens beside them.
    await segment.locator("[data-segment-text]").evaluate((element, quoted) => {
      const text = element.firstChild!;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let node: Node | null = walker.nextNode() ?? text;
      let found: { node: Node; at: number } | null = null;
      for (; node; node = walker.nextNode()) {
        const at = (node.textContent ?? "").indexOf(quoted);
        if (at !== -1) {
          found = { node, at };
          break;
        }
      }
      const range = document.createRange();
      range.setStart(found!.node, found!.at);
      range.setEnd(found!.node, found!.at + quoted.length);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      element.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
    }, word);
    const popover = page.getByRole("dialog", { name: "Add a note on the selected text" });
    await expect(popover.getByText(word)).toBeVisible();
    await popover.getByLabel("Note").fill("Which quarter? Check the <date>.");
    await popover.getByRole("button", { name: "Add note" }).click();
  } else {
    await segment.getByRole("link", { name: /^Edit segment at/ }).click();
    await page.getByLabel("Quoted text (optional)").fill(word);
    await page.getByLabel("Note", { exact: true }).fill("Which quarter? Check the <date>.");
    await page.getByRole("button", { name: "Add note" }).click();
  }
  const margin = segment.getByRole("complementary", { name: "Notes" });
  await expect(margin.getByText("Which quarter? Check the <date>.")).toBeVisible();
  await expect(margin.getByText(word, { exact: true })).toBeVisible();
  expect(await violations(page, testInfo)).toEqual([]);
});
