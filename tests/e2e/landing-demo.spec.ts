// The landing page's live demo, with Chromium's fake microphone playing jfk.wav: 10 s recorded, transcribed by the
// server engine (pocketsphinx) and translated by Apertium. Unlike the dashboard's live recording
// (live-recording.spec.ts), nothing here has to keep pace with the speaker: the clip is transcribed whole once it is
// recorded, so these tests run beside the others.
import { fakeMicrophone } from "./fake-microphone";
import { acceptCookies, expect, test } from "./fixtures";
import { chooseOption } from "./select";

test.use(fakeMicrophone);

test("the landing demo records 10 s, transcribes, translates and offers Play Recording and Try Again (slow: 10 s recorded in real time, then transcribed)", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.use.javaScriptEnabled === false,
    "the demo needs JavaScript; the no-JS text is tested below",
  );
  test.setTimeout(150_000);
  await acceptCookies(page, baseURL);
  await page.goto("/#demo");
  const start = page.getByRole("button", { name: "Start Live Demo" });
  await expect(page.getByTestId("demo-permission")).toHaveText("Microphone access: allowed");
  // Disabled until a language is chosen.
  await expect(start).toBeDisabled();
  await chooseOption(page.getByLabel("Record in"), "en-US");
  await chooseOption(page.getByLabel("Translate to"), "es");
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page.getByRole("progressbar", { name: "Recording progress" })).toBeVisible();
  // 10 s in real time, then a transcription on the server while the same app's worker may be busy with the test
  // before's recording: on a loaded machine both tries of a run took over 45 s.
  await expect(page.getByRole("button", { name: "Play Recording" })).toBeVisible({ timeout: 90_000 });
  // Headless Chromium has no speech service, so the server engine transcribed the clip.
  await expect(
    page.getByText(/^Transcribed by (Pocketsphinx .* on our server|your browser's speech recognition)\.$/),
  ).toBeVisible();
  await expect(page.getByTestId("demo-transcription")).not.toBeEmpty();
  await expect(page.getByTestId("demo-transcription")).not.toHaveText("Your words appear here.");
  await expect(page.getByTestId("demo-translation")).not.toBeEmpty();

  await page.getByRole("button", { name: "Play Recording" }).click();
  await expect
    .poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => !audio.paused || audio.currentTime > 0))
    .toBe(true);
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("button", { name: "Play Recording" })).toHaveCount(0);
  await expect(page.getByTestId("demo-transcription")).toHaveText("Your words appear here.");
  await expect(start).toBeEnabled();
});

test("the demo offers only the locales the server's engine transcribes: English on the offline fallback", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the demo needs JavaScript");
  await acceptCookies(page, baseURL);
  await page.goto("/#demo");
  const field = page.getByLabel("Record in");
  await expect(field).toHaveAttribute("data-enhanced", "");
  await field.click();
  // Pocketsphinx transcribes English only, so a German locale, which would end in 'Processing Error', is not offered.
  await expect(page.getByRole("listbox").locator('[role="option"][data-value]')).toHaveCount(5);
  const offered = await page
    .getByRole("listbox")
    .locator('[role="option"][data-value]')
    .evaluateAll((options) => options.map((option) => option.getAttribute("data-value")));
  expect(offered).toEqual(["en-US", "en-GB", "en-AU", "en-CA", "en-IN"]);
});

test("without JavaScript the landing demo says it needs JavaScript and points to sign-up and upload", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "with JavaScript the demo runs (tested above)");
  await page.goto("/");
  const demo = page.locator("#demo");
  await expect(demo.getByText(/The live demo records from your microphone, which needs JavaScript/)).toBeVisible();
  await expect(demo.getByRole("link", { name: "Sign up free" })).toHaveAttribute("href", "/signup");
});
