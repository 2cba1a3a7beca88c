// The review queue and sign-off (issue 34, items 3–4; ADR 045), with JavaScript (] moves to the next flag) and
// without it (the same by plain links and forms): a reviewer moves between flags, accepts one (its segment is
// verified, the progress moves), signs off, verifies the record, and an edit then shows "changed since sign-off".
// The recording is jfk.wav with a transcript written straight to the database.
import type { TestInfo } from "@playwright/test";
import { acceptCookies, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

const TRANSCRIPT: [number, number, string][] = [
  [0, 3.2, "And so my fellow citizens,"],
  [3.2, 7.6, "ask not what your country can do for you, said Kennedy"],
  [7.6, 11, "ask what you can do for your country on January 20th."],
];

test("a reviewer moves between flags, accepts one, signs off and verifies the record (slow: a whole review, nine page loads)", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await acceptCookies(page, baseURL);
  const user = await createUser({ firstName: "Rita" });
  await signInAs(page, user);
  const recording = await createJfkRecording(
    user.id,
    TRANSCRIPT.map(([start, end, text]) => ({ start, end, text, speaker: "Speaker 1" })),
  );
  await page.goto(`/transcription/${recording.id}#review`);
  const review = page.locator("section#review");
  await expect(review.getByTestId("review-progress")).toHaveText("0 of 3 segments verified");
  // Flags in reading order: the name in segment 2, then the date in segment 3.
  await expect(review.getByRole("heading", { level: 3 })).toHaveText(
    "Flag 1 of 2: Name not in the glossary or speaker list",
  );

  if (withJs(testInfo)) {
    // The page names the keys once its code runs (a key pressed before then does nothing).
    await expect(review).toContainText("Press ] for the next flag");
    await page.locator("body").press("]");
  } else {
    await review.getByRole("link", { name: "Next flag" }).click();
  }
  await expect(page).toHaveURL(/\?flag=2#review-current$/);
  await expect(review.getByRole("heading", { level: 3 })).toHaveText("Flag 2 of 2: Number, date or amount to check");
  await expect(review.getByTestId("review-segment")).toContainText("January 20th.");

  await review.getByRole("button", { name: "Accept and verify segment" }).click();
  await expect(review.getByTestId("review-progress")).toHaveText("1 of 3 segments verified");
  // Accepting moves on to the next open flag; the accepted one reads resolved, its segment verified by the reviewer.
  await expect(review.getByRole("heading", { level: 3 })).toHaveText(
    "Flag 1 of 2: Name not in the glossary or speaker list",
  );
  await page.goto(`/transcription/${recording.id}?flag=2#review-current`);
  await expect(review.getByRole("heading", { level: 3 })).toContainText("(resolved)");
  await expect(review.getByTestId("segment-verification")).toContainText("Verified by Rita Tester at");

  const versions = page.locator("section#versions");
  // With JavaScript the versions are the side panel's next tab; without it, a section further down the page.
  if (withJs(testInfo)) await page.getByRole("tab", { name: "Versions" }).click();
  await versions.getByRole("button", { name: "Sign off the current text" }).click();
  await expect(versions.getByTestId("sign-off-status")).toContainText("Version 1 was signed off by Rita Tester at");
  await expect(versions.getByTestId("sign-off-status")).toContainText("The text is as signed off.");

  await versions.getByRole("link", { name: "Verify the record" }).click();
  await expect(versions.getByTestId("verification")).toContainText(
    "The record holds: every version's hashes and links, and the audio's SHA-256.",
  );

  // A correction clears the segment's verification and makes a draft changed since sign-off.
  await page.goto(`/transcription/${recording.id}?flag=2#review-current`);
  await review.getByLabel("Correct the text").fill("ask what you can do for your country on January 20, 1961.");
  await review.getByRole("button", { name: "Save correction" }).click();
  // Saved before the page is left: a navigation at once could read the page while the save runs.
  await expect(page.getByText("Correction saved").first()).toBeVisible();
  await page.goto(`/transcription/${recording.id}#versions`);
  await expect(versions.getByTestId("sign-off-status")).toContainText("The text has changed since sign-off.");
  if (withJs(testInfo)) await page.getByRole("tab", { name: "Review" }).click();
  await expect(review.getByTestId("review-progress")).toHaveText("0 of 3 segments verified");
});
