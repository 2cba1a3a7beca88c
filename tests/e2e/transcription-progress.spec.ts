// The transcript page while a recording waits or is transcribed: an honest bar (empty at 0 %, in the brand's
// colour), the place in the queue and the time left from the measured speed. Server-rendered, so the same with
// JavaScript and without (which reloads the page itself while the job runs).
import { acceptCookies, appDatabase, createRecording, createUser, expect, signInAs, test } from "./fixtures";

const BRAND_600 = "rgb(37, 80, 232)";

test("at 0 % the bar is empty and brand-coloured; a waiting recording says its place in the queue", async ({
  page,
  baseURL,
}, testInfo) => {
  const someoneElse = await createUser();
  await createRecording(someoneElse.id, { title: "Ahead of mine", status: "QUEUED" });
  const user = await createUser();
  const mine = await createRecording(user.id, { title: "Waiting", status: "QUEUED", durationSeconds: 90 });
  const { prisma } = await appDatabase();
  const ahead = await prisma.recording.count({
    where: { status: "QUEUED", createdAt: { lt: mine.createdAt } },
  });
  expect(ahead).toBeGreaterThanOrEqual(1);
  const ordinal = ahead + 1 === 2 ? "2nd" : ahead + 1 === 3 ? "3rd" : `${ahead + 1}th`;
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto(`/transcription/${mine.id}`);

  const bar = page.getByRole("progressbar", { name: "Transcription progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  const fill = bar.locator("div");
  expect((await fill.boundingBox())?.width ?? 0).toBe(0);
  expect(await fill.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(BRAND_600);
  await expect(page.getByTestId("transcription-eta")).toContainText(`${ordinal} in the queue`);
  // Without JavaScript the page refreshes itself while it waits (with it, <noscript> holds only text).
  if (testInfo.project.use.javaScriptEnabled === false)
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
});

test("a running job's time left comes from its own measured speed", async ({ page, baseURL }) => {
  const user = await createUser();
  // Half of a two-minute recording done in the minute since it started: about a minute to go.
  const recording = await createRecording(user.id, {
    title: "Running",
    status: "PROCESSING",
    progress: 52,
    durationSeconds: 120,
    startedAt: new Date(Date.now() - 60_000),
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto(`/transcription/${recording.id}`);
  const bar = page.getByRole("progressbar", { name: "Transcription progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "52");
  const [track, fill] = [(await bar.boundingBox())!, (await bar.locator("div").boundingBox())!];
  expect(fill.width / track.width).toBeCloseTo(0.52, 1);
  await expect(page.getByTestId("transcription-eta")).toHaveText("About 1 minute left");
  await expect(page.getByTestId("transcription-eta")).not.toContainText("queue");
});
