// Every plan feature is offered exactly where the plan cards say it is: the cards, the pages and the server's checks
// read one table (app/modules/billing/plan-features.ts). With JavaScript and without.
import type { Page } from "@playwright/test";
import { acceptCookies, appDatabase, createRecording, createUser, expect, signInAs, test } from "./fixtures";

async function signedInOn(page: Page, baseURL: string | undefined, plan: "FREE" | "BUSINESS_PRO") {
  const user = await createUser();
  await (await appDatabase()).prisma.user.update({ where: { id: user.id }, data: { plan } });
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  return user;
}

const card = (page: Page, plan: string) => page.getByRole("list", { name: `${plan} includes` });

test("the plan cards list each feature under the plans that include it", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await page.goto("/plans");
  await expect(card(page, "Free")).toContainText("Translation, line by line with the timestamps");
  await expect(card(page, "Free")).toContainText("Export as PDF, DOCX, TXT, SRT, VTT and JSON");
  await expect(card(page, "Free")).toContainText("5 minutes of transcription a month");
  await expect(card(page, "Premium")).toContainText("120 minutes of transcription a month");
  // Premium adds minutes and file size, not translation (every plan has it).
  await expect(card(page, "Premium")).not.toContainText("Translation");
  await expect(page.getByText("Everything in Free, and:")).toBeVisible();
  for (const plan of ["Free", "Premium"]) {
    await expect(card(page, plan)).not.toContainText("Speaker labels");
    await expect(card(page, plan)).not.toContainText("Summaries");
  }
  await expect(card(page, "Business Pro")).toContainText("Speaker labels");
  await expect(card(page, "Business Pro")).toContainText("Summaries with key points and action items");
});

test("a Free account is offered what the Free card lists, and refused the rest with the plan's name", async ({
  page,
  baseURL,
}) => {
  const user = await signedInOn(page, baseURL, "FREE");
  const recording = await createRecording(user.id, {
    title: "Free plan call",
    status: "COMPLETED",
    transcriptLanguage: "en",
    segments: { create: [{ position: 0, start: 0, end: 3, text: "Good morning everyone." }] },
  });
  await page.goto(`/transcription/${recording.id}`);
  // Translation is on the Free card, so the page offers it.
  await expect(page.getByRole("button", { name: "Translate", exact: true })).toBeVisible();
  await expect(page.getByText("Translation is part of")).toHaveCount(0);
  // Summaries are not: no button, the sentence naming the plan instead.
  await expect(page.getByRole("button", { name: "Summarise" })).toHaveCount(0);
  await expect(page.getByText("Summaries are part of the Business Pro plan.")).toBeVisible();
  // The server refuses a forged request with the same sentence.
  const refused = await page.request.post(`/transcription/${recording.id}`, {
    form: { intent: "summarise" },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Summaries are part of the Business Pro plan.");

  // Speaker labels are off and unavailable on the upload form, saying where they are.
  await page.goto("/dashboard");
  const labels = page.getByLabel(/Label speakers/);
  await expect(labels).toBeDisabled();
  await expect(labels).not.toBeChecked();
  await expect(page.getByText("Available on Business Pro.")).toBeVisible();
});

test("on Business Pro, Label speakers is on by default", async ({ page, baseURL }) => {
  await signedInOn(page, baseURL, "BUSINESS_PRO");
  await page.goto("/dashboard");
  const labels = page.getByLabel(/Label speakers/);
  await expect(labels).toBeEnabled();
  await expect(labels).toBeChecked();
  await expect(page.getByText("Marks who speaks when.")).toBeVisible();
});
