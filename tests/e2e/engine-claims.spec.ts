// Claims match the engine (issue 14): CI has no whisper model, so TRANSCRIBE_ENGINE=auto runs the offline fallback,
// and the pages promise English only and say why. The derivation for whisper is unit-tested
// (app/modules/engines/language-claims.server.test.ts).
import crypto from "node:crypto";
import type { Locator } from "@playwright/test";
import { FALLBACK_ENGINE_NOTICE } from "~/content/engines";
import { hashPassword } from "~/modules/accounts/password.server";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";

/** The values a select offers: the native select's options, or the Radix listbox's once enhanced. */
async function offered(field: Locator, javaScript: boolean): Promise<string[]> {
  if (!javaScript)
    return field.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await expect(field).toHaveAttribute("data-enhanced", "");
  await field.click();
  const listbox = field.page().getByRole("listbox");
  const values = await listbox
    .locator('[role="option"][data-value]')
    .evaluateAll((options) => options.map((option) => option.getAttribute("data-value")!));
  await field.page().keyboard.press("Escape");
  return values;
}

test("the landing hero promises English only, and says the fallback engine is why", async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn English speech into text");
  await expect(page.getByTestId("hero-languages")).toHaveText(
    "This server runs the offline fallback engine, which transcribes English only; with a whisper model installed it transcribes 99 languages.",
  );
  await expect(page.getByText("in any language")).toHaveCount(0);
});

test("the upload form offers English (and auto-detect) with the fallback notice; translation only to Spanish", async ({
  page,
  baseURL,
}, testInfo) => {
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  await acceptCookies(page, baseURL);
  await signInAs(page, await createUser());
  await page.goto("/dashboard");
  await expect(page.getByRole("note").filter({ hasText: FALLBACK_ENGINE_NOTICE })).toBeVisible();
  expect(await offered(page.getByLabel("Spoken language"), javaScript)).toEqual(["auto", "en"]);
  // Apertium with English↔Spanish, from English: Spanish only.
  expect(await offered(page.getByLabel("Translate to"), javaScript)).toEqual(["", "es"]);
});

test("an admin sees which engine and model run, with each part's health, at /admin/status", async ({ page }) => {
  await page.goto("/admin/status");
  await expect(page).toHaveURL(/\/admin\/login$/);
  const admin = { email: `status-${crypto.randomUUID()}@voxlate.test`, password: "status-password-1" };
  await (
    await appDatabase()
  ).prisma.admin.create({ data: { email: admin.email, passwordHash: await hashPassword(admin.password) } });
  await page.getByLabel("Username").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await page.getByRole("link", { name: "System status" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "System status" })).toBeVisible();
  const row = (part: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: part }) });
  await expect(row("Transcription")).toContainText("Pocketsphinx (offline, English), model en-us");
  await expect(row("Transcription")).toContainText("Warning");
  await expect(row("Transcription")).toContainText(FALLBACK_ENGINE_NOTICE);
  for (const part of ["Translation", "Storage", "Email", "Database"]) await expect(row(part)).toContainText("OK");
});
