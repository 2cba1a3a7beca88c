// The landing page's animated mock tours (spec section 4): the upload tour's cycle with its 0→100 upload in steps
// of 5, the live-recording mock's controls, and prefers-reduced-motion.
import { advance, stopTime } from "./clock";
import { expect, test } from "./fixtures";

test("the upload tour cycles dashboard → clicking → selecting → uploading in steps of 5 → transcribing → complete → summary", async ({
  page,
}) => {
  await stopTime(page);
  await page.goto("/?feature=upload#features");
  const tour = page.getByRole("figure", { name: "Illustration: uploading a recording" });
  const step = tour.locator("p").first();
  // The controls come with hydration, when the tour starts from the beginning.
  await expect(tour.getByRole("button", { name: "Pause tour" })).toBeVisible();
  await expect(step).toHaveText("The dashboard");
  // Each step shows for its own time: still there 1 ms before it ends, gone when it ends.
  for (const [label, ms, next] of [
    ["The dashboard", 1_500, "Clicking Upload Audio"],
    ["Clicking Upload Audio", 900, "Choosing a file"],
    ["Choosing a file", 1_400, "Uploading"],
  ] as const) {
    await advance(page, ms - 1);
    await expect(step).toHaveText(label);
    await advance(page, 1);
    await expect(step).toHaveText(next);
  }
  // The upload climbs 0 → 100 in steps of 5, one every 120 ms.
  for (let percent = 0; percent <= 100; percent += 5) {
    await expect(tour.getByTestId("tour-percent")).toHaveText(`${percent}%`);
    await advance(page, 119);
    await expect(tour.getByTestId("tour-percent")).toHaveText(`${percent}%`);
    await advance(page, 1);
  }
  await expect(tour.getByText("Transcribing team-meeting.mp3…")).toBeVisible();
  await advance(page, 1_800);
  await expect(tour.getByText("Transcript ready")).toBeVisible();
  await advance(page, 2_600);
  // The offline summariser runs here, so the tour does not call the summary AI.
  await expect(tour.getByText("Summary", { exact: true })).toBeVisible();
  await expect(tour.getByText("AI Summary")).toHaveCount(0);
  await advance(page, 3_200);
  await expect(step).toHaveText("The dashboard");

  await tour.getByRole("button", { name: "Pause tour" }).click();
  await advance(page, 60_000);
  await expect(step).toHaveText("The dashboard");
  await tour.getByRole("button", { name: "Play tour" }).click();
  await advance(page, 1_500);
  await expect(step).toHaveText("Clicking Upload Audio");
});

test("with reduced motion the tours stand still and step with the buttons", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await stopTime(page);
  await page.goto("/?feature=upload#features");
  const tour = page.getByRole("figure", { name: "Illustration: uploading a recording" });
  await expect(tour.getByRole("button", { name: "Next step" })).toBeVisible();
  await expect(tour.getByText("Transcript ready")).toBeVisible();
  await advance(page, 60_000);
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
