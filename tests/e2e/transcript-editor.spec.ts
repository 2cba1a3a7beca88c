// The transcript editor, with JavaScript (edited in place, autosaved, undone from the toolbar) and without it (the
// per-segment forms, the split page, the history's forms). The recording is jfk.wav with a transcript written
// straight to the database, so the player has real audio to play.
import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { acceptCookies, appDatabase, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

const TRANSCRIPT: [number, number, string][] = [
  [0, 3.2, "And so my fellow Americans,"],
  [3.2, 7.6, "ask not what your country can do for you,"],
  [7.6, 11, "ask what you can do for your country."],
];

/** 120 one-word segments over the 11 s of audio: pages of 50 segments, 4.5 s each. */
const LONG_TRANSCRIPT: [number, number, string][] = Array.from({ length: 120 }, (_, index) => [
  index * 0.09,
  (index + 1) * 0.09,
  `word${index + 1}`,
]);

/** Opens the revision history. It may be open already: with JavaScript, the page stays mounted after a restore. */
async function openHistory(page: Page) {
  // With JavaScript the history is in the side panel's Versions tab; without it, a section of the page.
  // (The tab is there once the page has hydrated: the click waits for it.)
  if (withJs(test.info())) await page.getByRole("tab", { name: "Versions" }).click();
  const history = page.locator("details#history");
  if (!(await history.evaluate((details: HTMLDetailsElement) => details.open)))
    await history.locator("summary").click();
  await expect(history).toHaveAttribute("open", "");
}

async function openEditor(page: Page, baseURL: string | undefined, transcript = TRANSCRIPT) {
  await acceptCookies(page, baseURL);
  const user = await createUser();
  await signInAs(page, user);
  const recording = await createJfkRecording(
    user.id,
    transcript.map(([start, end, text], position) => {
      const parts = text.split(" ");
      const step = (end - start) / parts.length;
      return {
        start,
        end,
        text,
        speaker: position % 2 ? "Speaker 2" : "Speaker 1",
        words: parts.map((word, index) => ({
          word,
          start: start + index * step,
          end: start + (index + 1) * step,
          confidence: word === "fellow" ? 0.3 : 0.95,
        })),
      };
    }),
  );
  await page.goto(`/transcription/${recording.id}`);
  await expect(page.getByRole("heading", { name: "Transcript", exact: true })).toBeVisible();
  // With JavaScript, wait until the editor has hydrated (the text becomes editable).
  if (withJs(test.info()))
    await expect(page.locator("[data-segment-text][contenteditable=true]").first()).toBeVisible();
  return { recording, ids: recording.segments.map((segment) => segment.id) };
}

const segmentTexts = (page: Page) => page.locator("[data-segment] [data-segment-text]");

/**
 * Puts the caret `at` characters into `word` in a segment's text (as a click there would), and returns once the editor has seen
 * it: the editor follows the caret through `selectionchange`, which the browser dispatches later, and a key pressed
 * before then acts on the caret's old place (seen once in CI: an Enter that split nothing).
 */
async function caretIn(page: Page, segmentId: string, word: string, at = 0) {
  await page.evaluate(
    ([id, target, offset]) =>
      new Promise<void>((resolve) => {
        const element = document.querySelector<HTMLElement>(`#segment-${id} [data-segment-text]`)!;
        element.focus();
        const span = [...element.querySelectorAll("[data-w]")].find((candidate) => candidate.textContent === target)!;
        const range = document.createRange();
        range.setStart(span.firstChild!, offset);
        range.collapse(true);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        // Listeners run in the order they were added: the editor's, added when it hydrated, has read the caret by now.
        document.addEventListener("selectionchange", () => resolve(), { once: true });
      }),
    [segmentId, word, at] as const,
  );
}

test("edit in place: autosaved, undone and redone (without JavaScript: the segment's form, undone from the history)", async ({
  page,
  baseURL,
}, testInfo) => {
  const { ids } = await openEditor(page, baseURL);
  const first = page.locator(`#segment-${ids[0]}`);
  if (withJs(testInfo)) {
    const text = first.getByRole("textbox", { name: "Text of the segment at 0:00" });
    await text.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" today");
    await expect(page.getByRole("status").filter({ hasText: /Saved \(revision 1\)/ })).toBeVisible();
    await page.reload();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today");
    // Undo after a reload: the history is the server's, the toolbar's stack is this visit's, so edit again.
    await segmentTexts(page).first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" again");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today");
    await page.getByRole("button", { name: "Redo" }).click();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today again");
    await page.keyboard.press("Control+z");
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today");
    await page.reload();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today");
    // The time of the segment did not move.
    await expect(page.locator(`#segment-${ids[0]}`).getByRole("link", { name: "Play from 0:00" })).toBeVisible();
  } else {
    await first.getByRole("link", { name: /^Edit segment at 0:00: text, speaker, notes, merge or split/ }).click();
    await expect(page.getByRole("heading", { name: "Edit the segment at 0:00" })).toBeVisible();
    await page.getByLabel("Text of the segment at 0:00").fill("And so my fellow Americans, today");
    await page.getByRole("button", { name: "Save segment" }).click();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans, today");
    await openHistory(page);
    await page.getByRole("button", { name: "Restore the transcript as transcribed" }).click();
    await expect(segmentTexts(page).first()).toHaveText("And so my fellow Americans,");
  }
  await expect(page.locator(`#segment-${ids[0]} [data-low]`)).toHaveText("fellow");
});

test("the word playing is highlighted and a click on a word plays from it", async ({ page, baseURL }, testInfo) => {
  test.skip(
    !withJs(testInfo),
    "Playback and highlighting need JavaScript; the player itself is tested in every project",
  );
  await openEditor(page, baseURL);
  const audio = page.locator("section[aria-label=Player] audio");
  await page.getByRole("link", { name: "Play from 0:00" }).click();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(1.5);
  await audio.evaluate((element: HTMLAudioElement) => element.pause());
  const [time, start, end] = await page.evaluate(() => {
    const element = document.querySelector<HTMLAudioElement>("section[aria-label=Player] audio")!;
    const word = document.querySelector("[data-playing]")!;
    return [element.currentTime, Number(word.getAttribute("data-s")), Number(word.getAttribute("data-e"))];
  });
  // The editor gives the player a millisecond of slack before a word (currentTime is rounded): a CI run paused at
  // 1.919207 s with the word from 1.92 s lit.
  expect(time).toBeGreaterThanOrEqual(start - 0.001);
  expect(time).toBeLessThan(end);

  // A click on a word plays from its start (the player was paused), with the highlight on it.
  const word = page.locator("[data-segment-text] [data-w]", { hasText: "country" }).first();
  const wordStart = Number(await word.getAttribute("data-s"));
  await word.click();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  const played = await audio.evaluate((element: HTMLAudioElement) => {
    element.pause();
    return element.currentTime;
  });
  expect(played).toBeGreaterThanOrEqual(wordStart - 0.01);
  await expect(page.locator("[data-playing]")).toHaveCount(1);

  // The keyboard's click on a word: Alt+Enter plays from the word at the cursor.
  const ids = await page
    .locator("[data-segment]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-segment")!));
  await caretIn(page, ids[2], "what");
  const whatStart = Number(
    await page.locator(`#segment-${ids[2]} [data-w]`, { hasText: "what" }).getAttribute("data-s"),
  );
  await page.keyboard.press("Alt+Enter");
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  const fromCaret = await audio.evaluate((element: HTMLAudioElement) => {
    element.pause();
    return element.currentTime;
  });
  expect(fromCaret).toBeGreaterThanOrEqual(whatStart - 0.01);
  // Alt+Enter did not split the segment.
  await expect(segmentTexts(page)).toHaveCount(3);

  // Speed and skip (from the word clicked: from the cursor's word, 5 s on would pass the end of the audio).
  await audio.evaluate((element: HTMLAudioElement, time) => (element.currentTime = time), wordStart);
  await page.getByLabel("Speed").selectOption("1.5");
  expect(await audio.evaluate((element: HTMLAudioElement) => element.playbackRate)).toBe(1.5);
  await page.getByRole("button", { name: /5 s forward/ }).click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeCloseTo(wordStart + 5, 1);
  // Shortcuts are for the page, not for a focused control: the skip button just clicked lets go of the focus first.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});

test("find and replace all, then undo", async ({ page, baseURL }, testInfo) => {
  await openEditor(page, baseURL);
  await page.locator("summary", { hasText: "Find and replace" }).click();
  await page.getByLabel("Find").fill("Country");
  await page.getByLabel("Replace with").fill("nation");
  await page.getByLabel("Whole word").check();
  if (withJs(testInfo)) await expect(page.getByText("2 matches in 2 segments")).toBeVisible();
  await page.getByRole("button", { name: "Replace all" }).click();
  await expect(segmentTexts(page).nth(1)).toHaveText("ask not what your nation can do for you,");
  await expect(segmentTexts(page).nth(2)).toHaveText("ask what you can do for your nation.");
  if (withJs(testInfo)) {
    await expect(page.getByRole("status").filter({ hasText: "Replaced 2 matches" })).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
  } else {
    await expect(page.getByText("Replaced 2 matches").first()).toBeVisible();
    await openHistory(page);
    await page.getByRole("button", { name: "Restore the transcript as transcribed" }).click();
  }
  await expect(segmentTexts(page).nth(2)).toHaveText("ask what you can do for your country.");
});

test("split a segment and merge it back", async ({ page, baseURL }, testInfo) => {
  const { ids } = await openEditor(page, baseURL);
  if (withJs(testInfo)) {
    await caretIn(page, ids[1], "country");
    await page.keyboard.press("Enter");
  } else {
    await page
      .locator(`#segment-${ids[1]}`)
      .getByRole("link", { name: /^Edit segment at/ })
      .click();
    await page.getByRole("link", { name: "Split this segment…" }).click();
    await expect(page.getByRole("heading", { name: "Split the segment at 0:03" })).toBeVisible();
    await page.getByLabel(/^country/).check();
    await page.getByRole("button", { name: "Split segment" }).click();
  }
  await expect(segmentTexts(page)).toHaveText([
    "And so my fellow Americans,",
    "ask not what your",
    "country can do for you,",
    "ask what you can do for your country.",
  ]);
  // The new segment starts where its first word did.
  await expect(
    page
      .locator("[data-segment]")
      .nth(2)
      .getByRole("link", { name: /Play from/ }),
  ).toHaveText("0:05");

  if (withJs(testInfo)) {
    await caretIn(page, ids[1], "your");
    await page.getByRole("button", { name: "Merge with next" }).first().click();
  } else {
    await page
      .locator(`#segment-${ids[1]}`)
      .getByRole("link", { name: /^Edit segment at/ })
      .click();
    await page.getByRole("button", { name: "Merge with next" }).click();
  }
  await expect(segmentTexts(page)).toHaveText(TRANSCRIPT.map(([, , text]) => text));
});

test("reassign a segment to another speaker, then restore an earlier revision from the history", async ({
  page,
  baseURL,
}) => {
  const { ids } = await openEditor(page, baseURL);
  await page
    .locator(`#segment-${ids[1]}`)
    .getByRole("link", { name: /^Edit segment at/ })
    .click();
  await page.getByLabel("Speaker of this segment").fill("Dr. Ruiz");
  await page.getByRole("button", { name: "Change speaker" }).click();
  await expect(page.locator(`#segment-${ids[1]}`).getByText("Dr. Ruiz")).toBeVisible();

  await openHistory(page);
  await expect(page.locator("#history").getByText("Gave the segment at 0:03 to Dr. Ruiz")).toBeVisible();
  await page.getByRole("link", { name: "View the transcript as transcribed" }).click();
  await expect(page.getByRole("heading", { name: "Inaugural address: As transcribed" })).toBeVisible();
  await expect(page.getByText("Speaker 2")).toBeVisible();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page).toHaveURL(/\/transcription\/\w+$/);
  await expect(page.locator(`#segment-${ids[1]}`).getByText("Speaker 2", { exact: true })).toBeVisible();
  // The restore is a document post: with JavaScript, let the new page hydrate before opening anything on it.
  if (withJs(test.info()))
    await expect(page.locator("[data-segment-text][contenteditable=true]").first()).toBeVisible();
  await openHistory(page);
  await expect(page.locator("#history").getByText("Restored the transcript as transcribed")).toBeVisible();
});

test("the editor has no axe violations, at 1280 and 390 px", async ({ page, baseURL }, testInfo) => {
  test.skip(!withJs(testInfo), "axe runs inside the page");
  // axe over the whole page at two widths: 22–27 s on a slow 2-core machine, near the default 30.
  test.setTimeout(60_000);
  // A long transcript, so that its page links are checked too.
  await openEditor(page, baseURL, LONG_TRANSCRIPT);
  await expect(page.getByRole("navigation", { name: "Transcript pages", exact: true })).toBeVisible();
  await page.locator("summary", { hasText: "Find and replace" }).click();
  await openHistory(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Shortcuts" }).click();
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  // The segment's own page, with its forms.
  await page
    .getByRole("link", { name: /^Edit segment at/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Edit the segment at 0:00" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
});

test("a long transcript is shown a page at a time; playback runs on to the next page", async ({
  page,
  baseURL,
}, testInfo) => {
  const { recording, ids } = await openEditor(page, baseURL, LONG_TRANSCRIPT);
  const pages = page.getByRole("navigation", { name: "Transcript pages", exact: true });
  await expect(pages).toContainText("Segments 1–50 of 120");
  await expect(segmentTexts(page)).toHaveCount(50);
  await expect(segmentTexts(page).last()).toHaveText("word50");

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(pages).toContainText("Segments 51–100 of 120");
  await expect(segmentTexts(page).first()).toHaveText("word51");
  await pages.getByLabel("Go to page").selectOption("3");
  await pages.getByRole("button", { name: "Go" }).click();
  await expect(pages).toContainText("Segments 101–120 of 120");
  await expect(segmentTexts(page)).toHaveCount(20);

  // A link to a segment opens its page, and a segment saved there comes back to it.
  await page.goto(`/transcription/${recording.id}?segment=${ids[77]}`);
  await expect(pages).toContainText("Segments 51–100 of 120");
  const segment = page.locator(`#segment-${ids[77]}`);
  if (withJs(testInfo)) {
    await expect(segment.locator("[data-segment-text][contenteditable=true]")).toBeVisible();
    await segment.locator("[data-segment-text]").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" edited");
    await expect(page.getByRole("status").filter({ hasText: /Saved \(revision 1\)/ })).toBeVisible();

    // Played at 1.5× from just before the end of page 1, while the last segment there is being typed in: the audio
    // goes on at the same speed, the editor turns to page 2 with it, and what was typed is saved on the way.
    await page.goto(`/transcription/${recording.id}`);
    await expect(segmentTexts(page).first()).toHaveAttribute("contenteditable", "true");
    await page.getByLabel("Speed").selectOption("1.5");
    await segmentTexts(page).last().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" typed");
    await page.evaluate(async () => {
      const audio = document.querySelector("audio")!;
      audio.currentTime = 4.3;
      await audio.play();
    });
    await expect(pages).toContainText("Segments 51–100 of 120");
    await expect(page).toHaveURL(/page=2/);
    // It plays on (paused here, before it reaches page 3 at 9 s), from where page 1 left it.
    await expect.poll(() => page.evaluate(() => document.querySelector("audio")!.paused)).toBe(false);
    const player = await page.evaluate(() => {
      const audio = document.querySelector("audio")!;
      audio.pause();
      return { time: audio.currentTime, rate: audio.playbackRate };
    });
    expect(player.time).toBeGreaterThan(4.4);
    expect(player.rate).toBe(1.5);
    await expect(page.getByLabel("Speed")).toHaveValue("1.5");
    await expect(page.locator("[data-playing]")).toHaveCount(1);
    await expect(page.locator(`#segment-${ids[77]} [data-segment-text]`)).toHaveText("word78 edited");
    await page
      .getByRole("navigation", { name: "Transcript pages", exact: true })
      .getByRole("link", { name: "Previous page" })
      .click();
    await expect(segmentTexts(page).last()).toHaveText("word50 typed");
  } else {
    await segment.getByRole("link", { name: /^Edit segment at/ }).click();
    await expect(page.getByText("Segment 78 of 120")).toBeVisible();
    await page.getByLabel(/^Text of the segment at/).fill("word78 edited");
    await page.getByRole("button", { name: "Save segment" }).click();
    await expect(pages).toContainText("Segments 51–100 of 120");
    await expect(page.locator(`#segment-${ids[77]} [data-segment-text]`)).toHaveText("word78 edited");
  }
});

test("without JavaScript, a segment's time is a link to it and the player has its own controls", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(withJs(testInfo), "With JavaScript, a click on a word plays from it (the test above)");
  const { ids } = await openEditor(page, baseURL);
  const time = page.locator(`#segment-${ids[1]}`).getByRole("link", { name: "Play from 0:03" });
  await expect(time).toHaveAttribute("href", `#segment-${ids[1]}`);
  await expect(page.locator("section[aria-label=Player] audio")).toHaveAttribute("controls", "");
});

test("merging two speakers' segments asks whose the merged segment is", async ({ page, baseURL }, testInfo) => {
  const { ids } = await openEditor(page, baseURL);
  if (withJs(testInfo)) {
    await caretIn(page, ids[0], "fellow");
    await page.getByRole("button", { name: "Merge with next" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Whose words is the merged segment?" });
    await expect(dialog).toContainText("This segment is Speaker 1's and the next one is Speaker 2's.");
    await dialog.getByRole("button", { name: "Merge as Speaker 2" }).click();
  } else {
    await page
      .locator(`#segment-${ids[0]}`)
      .getByRole("link", { name: /^Edit segment at/ })
      .click();
    await expect(page.getByText("Whose words is the merged segment?")).toBeVisible();
    await page.getByLabel("Speaker 2 (the next segment)").check();
    await page.getByRole("button", { name: "Merge with next" }).click();
  }
  await expect(segmentTexts(page)).toHaveText([
    "And so my fellow Americans, ask not what your country can do for you,",
    "ask what you can do for your country.",
  ]);
  await expect(page.locator(`#segment-${ids[0]}`).getByText("Speaker 2", { exact: true })).toBeVisible();
  // With JavaScript the history is the page's as it was loaded: read it again.
  if (withJs(testInfo)) await page.reload();
  await openHistory(page);
  await expect(page.locator("#history").getByText("Merged the segments at 0:00 and 0:03 as Speaker 2")).toBeVisible();
});

test("a merge the server refuses shows its reason", async ({ page, baseURL }, testInfo) => {
  const { recording, ids } = await openEditor(page, baseURL);
  const { prisma } = await appDatabase();
  // The page shows segments 2 and 3 as one speaker's; then, elsewhere, segment 3 is given to another.
  await prisma.transcriptSegment.update({ where: { id: ids[2] }, data: { speaker: "Speaker 2" } });
  await page.goto(`/transcription/${recording.id}`);
  if (withJs(testInfo)) {
    await expect(page.locator("[data-segment-text][contenteditable=true]").first()).toBeVisible();
  } else {
    await page
      .locator(`#segment-${ids[1]}`)
      .getByRole("link", { name: /^Edit segment at/ })
      .click();
    await expect(page.getByText("Whose words is the merged segment?")).toHaveCount(0);
  }
  await prisma.transcriptSegment.update({ where: { id: ids[2] }, data: { speaker: "Speaker 1" } });
  if (withJs(testInfo)) await caretIn(page, ids[1], "your");
  await page.getByRole("button", { name: "Merge with next" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "choose whose words" })).toHaveText(
    withJs(testInfo)
      ? /The next segment is Speaker 1's and this one is Speaker 2's: choose whose words the merged segment is\./
      : "The next segment is Speaker 1's and this one is Speaker 2's: choose whose words the merged segment is.",
  );
  expect(await prisma.transcriptSegment.count({ where: { recordingId: recording.id } })).toBe(3);
});

test("a split with the cursor inside a word falls between words", async ({ page, baseURL }, testInfo) => {
  const { recording, ids } = await openEditor(page, baseURL);
  if (withJs(testInfo)) {
    // The cursor after "cou" of "country": the split falls before the word, not inside it.
    await caretIn(page, ids[1], "country", 3);
    await page.keyboard.press("Enter");
  } else {
    // The split page offers only the places between words; a hand-made post inside a word is snapped the same way.
    await page.goto(`/transcription/${recording.id}/segments/${ids[1]}/split`);
    await expect(page.getByRole("radio")).toHaveCount(8);
    const response = await page.request.post(`/transcription/${recording.id}/segments/${ids[1]}/split`, {
      form: { intent: "split", segmentId: ids[1], offset: String("ask not what your cou".length) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    await page.goto(`/transcription/${recording.id}`);
  }
  await expect(segmentTexts(page)).toHaveText([
    "And so my fellow Americans,",
    "ask not what your",
    "country can do for you,",
    "ask what you can do for your country.",
  ]);
  // Each word kept its own time: "country" starts the new segment at its own start.
  const { prisma } = await appDatabase();
  const [, first, second] = await prisma.transcriptSegment.findMany({
    where: { recordingId: recording.id },
    orderBy: { position: "asc" },
  });
  const original = recording.segments[1].words as { word: string; start: number }[];
  expect((second.words as { word: string }[]).map((word) => word.word)).toEqual(
    original.slice(4).map((word) => word.word),
  );
  expect(second.start).toBeCloseTo(original[4].start, 6);
  expect((first.words as unknown[]).length).toBe(4);
});

test("the history shows who saved each revision and the words it changed", async ({ page, baseURL }, testInfo) => {
  const { ids } = await openEditor(page, baseURL);
  if (withJs(testInfo)) {
    const text = page.locator(`#segment-${ids[0]} [data-segment-text]`);
    await text.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" today");
    await expect(page.getByRole("status").filter({ hasText: /Saved \(revision 1\)/ })).toBeVisible();
    // The history is the server's: read it again.
    await page.reload();
  } else {
    await page
      .locator(`#segment-${ids[0]}`)
      .getByRole("link", { name: /^Edit segment at/ })
      .click();
    await page.getByLabel("Text of the segment at 0:00").fill("And so my fellow Americans, today");
    await page.getByRole("button", { name: "Save segment" }).click();
  }
  await openHistory(page);
  const revision = page.locator("#history [data-revision='1']");
  await expect(revision).toContainText("Edited the segment at 0:00");
  await expect(revision).toContainText("Casey Tester");
  await expect(revision.locator("ins")).toHaveText("added: today");
  await expect(revision.locator("del")).toHaveCount(0);
  await expect(revision.locator("time")).toBeVisible();
});
