// Click-to-play lands on an edited word (ADR 047): words typed into a transcript get times between their neighbours
// at once, then the server aligns them to the audio (pocketsphinx, English), and a click on one plays from where it
// is said. The recording is jfk.wav; its transcript, written straight to the database, misses "ask not".
import { acceptCookies, appDatabase, createJfkRecording, createUser, expect, signInAs, test } from "./fixtures";

/** Pocketsphinx's times on the whole file (as in tests/integration/word-realignment.test.ts). */
const HEARD: [string, number, number][] = [
  ["And", 0.29, 0.56],
  ["so", 0.57, 0.72],
  ["my", 0.73, 1.26],
  ["fellow", 1.31, 1.61],
  ["Americans,", 1.62, 2.46],
  ["what", 5.37, 5.59],
  ["your", 5.6, 5.92],
  ["country", 5.93, 6.43],
];
/** Where "not" is said. */
const NOT = { start: 3.99, end: 4.35 };

test("a click on a word typed into the transcript plays from where it is said", async ({ page, baseURL }, testInfo) => {
  test.skip(
    testInfo.project.use.javaScriptEnabled === false,
    "Click-to-play is the player's, which needs JavaScript; without it, the word times are tested in tests/integration/word-realignment.test.ts",
  );
  await acceptCookies(page, baseURL);
  const user = await createUser();
  await signInAs(page, user);
  const recording = await createJfkRecording(
    user.id,
    [
      {
        start: 0.2,
        end: 6.6,
        text: HEARD.map(([word]) => word).join(" "),
        speaker: "Speaker 1",
        words: HEARD.map(([word, start, end]) => ({ word, start, end, confidence: 0.95 })),
      },
    ],
    { engine: "pocketsphinx" },
  );
  const [segment] = recording.segments;
  await page.goto(`/transcription/${recording.id}`);
  const text = page.locator(`#segment-${segment.id} [data-segment-text]`);
  await expect(text).toHaveAttribute("contenteditable", "true");

  // Type "ask not " before "what", as a person would.
  await page.evaluate((id) => {
    const element = document.querySelector<HTMLElement>(`#segment-${id} [data-segment-text]`)!;
    element.focus();
    const what = [...element.querySelectorAll("[data-w]")].find((word) => word.textContent === "what")!;
    const range = document.createRange();
    range.setStart(what.firstChild!, 0);
    range.collapse(true);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  }, segment.id);
  await page.keyboard.type("ask not ");
  await expect(page.getByRole("status").filter({ hasText: /Saved \(revision 1\)/ })).toBeVisible();

  // The server aligns the typed words after the save: wait for that, then load the page with the new times.
  const stored = async () => {
    const { prisma } = await appDatabase();
    const row = await prisma.transcriptSegment.findUniqueOrThrow({ where: { id: segment.id } });
    return (row.words as { word: string; start: number; end: number }[]).find((word) => word.word === "not");
  };
  await expect
    .poll(async () => Math.abs(((await stored())?.start ?? 0) - NOT.start), { timeout: 60_000 })
    .toBeLessThan(0.1);
  await page.reload();
  await expect(text).toHaveAttribute("contenteditable", "true");
  const not = text.locator("[data-w]", { hasText: /^not$/ });
  const [start, end] = [Number(await not.getAttribute("data-s")), Number(await not.getAttribute("data-e"))];
  expect(Math.abs(start - NOT.start)).toBeLessThan(0.1);

  // Where the player starts when the word is clicked: its time when playing begins.
  const audio = page.locator("section[aria-label=Player] audio");
  await audio.evaluate((element: HTMLAudioElement) => {
    element.addEventListener("play", () => element.setAttribute("data-started-at", String(element.currentTime)), {
      once: true,
    });
  });
  await not.click();
  await expect(audio).toHaveAttribute("data-started-at", /\d/);
  await audio.evaluate((element: HTMLAudioElement) => element.pause());
  const startedAt = Number(await audio.getAttribute("data-started-at"));
  expect(startedAt).toBeGreaterThanOrEqual(start - 0.01);
  expect(startedAt).toBeLessThan(end);
});
