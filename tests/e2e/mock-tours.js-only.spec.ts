// The landing page's animated mock tours (spec section 4): the upload tour's cycle with its 0→100 upload in steps
// of 5, the live-recording mock's controls, and prefers-reduced-motion.
import { expect, test } from "./fixtures";

test("the upload tour cycles dashboard → clicking → selecting → uploading in steps of 5 → transcribing → complete → summary", async ({ page }) => {
  await page.goto("/?feature=upload#features");
  const tour = page.getByRole("figure", { name: "Illustration: uploading a recording" });
  await expect(tour.getByText("The dashboard")).toBeVisible();
  const seen = new Set<number>();
  await expect(async () => {
    const text = await tour.getByTestId("tour-percent").textContent({ timeout: 200 }).catch(() => null);
    if (text) seen.add(Number.parseInt(text, 10));
    expect(seen.has(100)).toBe(true);
  }).toPass({ timeout: 15_000, intervals: [20] });
  expect([...seen].every((percent) => percent % 5 === 0)).toBe(true);
  await expect(tour.getByText("Transcribing team-meeting.mp3…")).toBeVisible({ timeout: 5_000 });
  await expect(tour.getByText("Transcript ready")).toBeVisible({ timeout: 5_000 });
  // The offline summariser runs here, so the tour does not call the summary AI.
  await expect(tour.getByText("Summary", { exact: true })).toBeVisible({ timeout: 6_000 });
  await expect(tour.getByText("AI Summary")).toHaveCount(0);

  await tour.getByRole("button", { name: "Pause tour" }).click();
  const paused = await tour.locator("p").first().textContent();
  await page.waitForTimeout(3_500);
  expect(await tour.locator("p").first().textContent()).toBe(paused);
});

test("with reduced motion the tours stand still and step with the buttons", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/?feature=upload#features");
  const tour = page.getByRole("figure", { name: "Illustration: uploading a recording" });
  await expect(tour.getByText("Transcript ready")).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(tour.getByText("Transcript ready")).toBeVisible();
  await expect(tour.getByRole("button", { name: /Pause|Play/ })).toHaveCount(0);
  await tour.getByRole("button", { name: "Next step" }).click();
  await expect(tour.getByText("Summary", { exact: true })).toBeVisible();
  await tour.getByRole("button", { name: "Next step" }).click();
  await expect(tour.getByText("The dashboard")).toBeVisible();
});

test("the live-recording mock's checkboxes and selects change the preview", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/?feature=record#features");
  const mock = page.getByRole("figure", { name: "Illustration: recording live" });
  await expect(mock.getByLabel("Live Transcription")).toBeChecked();
  await expect(mock.getByLabel("Live Translation")).toBeChecked();
  await expect(mock.getByText("Buenos días a todos.")).toBeVisible();
  await mock.getByLabel("Translate to").selectOption("none");
  await expect(mock.getByText("Buenos días a todos.")).toHaveCount(0);
  await mock.getByLabel("Source language").selectOption("es");
  await mock.getByLabel("Translate to").selectOption("en");
  await expect(mock.getByText("Buenos días a todos.")).toBeVisible();
  await expect(mock.getByText("Good morning, everyone.")).toBeVisible();
  await mock.getByLabel("Audio source").selectOption("both");
  await expect(mock.getByText("Recording (microphone and system audio)")).toBeVisible();
  await mock.getByLabel("Live Transcription").uncheck();
  await expect(mock.getByText("Live text is off; the recording is transcribed when you stop.")).toBeVisible();
});
