// The Radix widgets of app/components/ui: keyboard use once hydrated, the native markup without JavaScript, and the
// same form fields either way. Each widget renders native markup first and hands over to Radix after hydration
// (data-enhanced marks the Radix version).
import { advance, stopTime } from "./clock";
import {
  acceptCookies,
  appDatabase,
  createRecording,
  createUser,
  expect,
  signInAs,
  test,
  waitForEnhancement,
} from "./fixtures";
import { chooseOption } from "./select";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("upload options post the same field names and values, with and without JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  await signInAs(page, await createUser());
  await page.goto("/dashboard");
  const translate = page.getByLabel("Translate to");
  const form = page.locator("form", { has: translate });
  const posted = (name: string) =>
    form.evaluate((element, field) => new FormData(element as HTMLFormElement).getAll(field), name);

  // Without JavaScript it is the native select; with it, a Radix trigger and one hidden input of the same name.
  await expect(translate).toHaveJSProperty("tagName", javaScriptEnabled ? "BUTTON" : "SELECT");
  expect(await posted("translateTo")).toEqual([""]);
  expect(await posted("language")).toEqual(["auto"]);

  await chooseOption(translate, "es");
  await chooseOption(page.getByLabel("Spoken language"), "en");
  expect(await posted("translateTo")).toEqual(["es"]);
  expect(await posted("language")).toEqual(["en"]);

  // "No translation" has the value "", which Radix items cannot have: it still posts "".
  await chooseOption(translate, "");
  expect(await posted("translateTo")).toEqual([""]);
});

test("Radix select by keyboard: Enter/Space open, arrows move, Enter chooses, Escape cancels", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the native select is the browser's own");
  // The number of speakers has the same ten choices on every engine (translation targets depend on the translator);
  // it is open on Business Pro, which labels speakers.
  const user = await createUser();
  await (await appDatabase()).prisma.user.update({ where: { id: user.id }, data: { plan: "BUSINESS_PRO" } });
  await signInAs(page, user);
  await page.goto("/dashboard");
  const count = page.getByLabel("Number of speakers");
  await expect(count).toHaveAttribute("data-enhanced", "");
  await expect(count).toHaveText("Detect automatically");

  await count.focus();
  await page.keyboard.press("Enter");
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  const values = await listbox
    .getByRole("option")
    .evaluateAll((options) => options.map((option) => option.getAttribute("data-value")));
  expect(values[0]).toBe("auto");
  expect(values.length).toBeGreaterThan(2);
  // The current choice is highlighted on opening; two steps down is the second count.
  await expect(listbox.getByRole("option", { name: "Detect automatically" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: "2", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: "3", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(listbox).toHaveCount(0);
  await expect(count).toHaveAttribute("data-value", values[2]!);
  await expect(count).toBeFocused();

  // Escape closes without changing the choice.
  await page.keyboard.press("Space");
  await expect(listbox).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Escape");
  await expect(listbox).toHaveCount(0);
  await expect(count).toHaveAttribute("data-value", values[2]!);
  await expect(count).toBeFocused();

  // With the mouse: a press on the trigger opens it, and a click on an option chooses it. The press is held as a
  // person holds it: Radix ignores the first release that has not moved 10 px from the press, which must be this one.
  await count.click({ delay: 100 });
  await expect(listbox).toBeVisible();
  await listbox.getByRole("option", { name: "Detect automatically" }).click();
  await expect(listbox).toHaveCount(0);
  await expect(count).toHaveAttribute("data-value", "auto");
});

test("feature tabs: arrows/Home/End move, Enter/Space open; without JavaScript every tab is a link", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const tablist = page.getByRole("tablist", { name: "Ways to add audio" });
  const upload = tablist.getByRole("tab", { name: "Upload Audio" });
  const record = tablist.getByRole("tab", { name: "Record Live" });
  const panel = page.getByRole("tabpanel");

  if (!javaScriptEnabled) {
    for (const tab of [upload, record]) await expect(tab).not.toHaveAttribute("tabindex", "-1");
    await record.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/feature=record/);
    await expect(record).toHaveAttribute("aria-selected", "true");
    await expect(panel).toContainText(/microphone/i);
    await expect(panel).toHaveAttribute("aria-labelledby", (await record.getAttribute("id"))!);
    return;
  }

  await waitForEnhancement(tablist);
  // Roving focus: the inactive tab is out of the tab order (Tab lands on the active one); arrows reach it.
  await expect(record).toHaveAttribute("tabindex", "-1");
  await upload.focus();
  await page.keyboard.press("ArrowRight");
  await expect(record).toBeFocused();
  // Manual activation: moving the focus does not switch the panel.
  await expect(upload).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(upload).toBeFocused();
  await page.keyboard.press("End");
  await expect(record).toBeFocused();
  await page.keyboard.press("Space");
  await expect(record).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/feature=record/);
  await expect(panel).toContainText(/microphone/i);
  await expect(record).toHaveAttribute("aria-controls", (await panel.getAttribute("id"))!);
  await page.keyboard.press("ArrowLeft");
  await expect(upload).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(upload).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/feature=upload/);
  // Tab leaves the tab list for the panel.
  await page.keyboard.press("Tab");
  await expect(panel).toBeFocused();
});

test("FAQ accordion: arrows/Home/End move between questions, Enter/Space open and close", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const faq = page.locator("section", { has: page.getByRole("heading", { name: "Frequently asked questions" }) });
  const entries = faq.locator("details");
  const summaries = faq.locator("summary");
  const count = await entries.count();
  expect(count).toBeGreaterThan(2);

  if (!javaScriptEnabled) {
    // <details> without JavaScript: the answer is in the page and opens with a click or Enter.
    await expect(entries.first().locator("p")).toBeHidden();
    await summaries.first().click();
    await expect(entries.first()).toHaveAttribute("open", "");
    await expect(entries.first().locator("p")).toBeVisible();
    await summaries.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(entries.nth(1)).toHaveAttribute("open", "");
    return;
  }

  await expect(faq.locator("[data-enhanced]")).toHaveCount(1);
  await summaries.first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(summaries.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(summaries.nth(count - 1)).toBeFocused();
  await page.keyboard.press("ArrowDown"); // wraps around
  await expect(summaries.first()).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Home");
  await expect(summaries.first()).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(entries.first()).toHaveAttribute("open", "");
  await expect(summaries.first()).toHaveAttribute("aria-expanded", "true");
  await expect(entries.first().getByRole("region")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(entries.first()).not.toHaveAttribute("open", "");
  await expect(summaries.first()).toHaveAttribute("aria-expanded", "false");
  await expect(entries.first().getByRole("region")).toHaveCount(0);

  // Several answers can be open at once, and a click toggles exactly once.
  await summaries.nth(1).click();
  await summaries.nth(2).click();
  await expect(entries.nth(1)).toHaveAttribute("open", "");
  await expect(entries.nth(2)).toHaveAttribute("open", "");
  await summaries.nth(1).click();
  await expect(entries.nth(1)).not.toHaveAttribute("open", "");
  await expect(entries.nth(2)).toHaveAttribute("open", "");
});

test("a help search opens every matching answer, with and without JavaScript", async ({ page, javaScriptEnabled }) => {
  await page.goto("/help?q=password");
  const entries = page.locator("section details");
  expect(await entries.count()).toBeGreaterThan(0);
  if (javaScriptEnabled) await expect(page.locator("[data-enhanced]").first()).toBeVisible();
  for (const entry of await entries.all()) {
    await expect(entry).toHaveAttribute("open", "");
    await expect(entry.locator("summary + *")).toBeVisible();
  }
});

test("the close button's tooltip opens after 700 ms, not before; without JavaScript it is a title", async ({
  page,
  javaScriptEnabled,
}) => {
  // Time stands still until the test moves it, so a slow machine cannot use up the 50 ms between the checks.
  if (javaScriptEnabled) await stopTime(page);
  await page.goto("/terms");
  const close = page.locator('a[aria-label="Close support chat"]');
  if (!javaScriptEnabled) {
    await expect(close).toHaveAttribute("title", "Close support chat");
    return;
  }
  await page.getByRole("link", { name: "Support chat", exact: true }).click();
  await expect(close).toBeVisible();
  // Radix's trigger marks itself; the native title is gone, so the browser does not show a second tooltip.
  await expect(close).toHaveAttribute("data-state", "closed");
  await expect(close).not.toHaveAttribute("title");
  await close.hover();
  await advance(page, 650);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await advance(page, 100);
  await expect(page.getByRole("tooltip")).toHaveText("Close support chat");
  await expect(close).toHaveAttribute("data-state", "delayed-open");
});

test("the app shell's tooltips share one provider: within 300 ms of one closing the next opens at once, later it waits 700 ms", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the player's skip buttons and their tooltips come with JavaScript");
  const user = await createUser();
  const recording = await createRecording(user.id, {
    title: "Tooltip timing",
    fileName: "tooltip-timing.wav",
    status: "COMPLETED",
    language: "en",
    transcriptLanguage: "en",
    segments: { create: [{ position: 0, start: 0, end: 2, text: "Two tooltips side by side." }] },
  });
  await signInAs(page, user);
  await stopTime(page);
  await page.goto(`/transcription/${recording.id}`);
  const back = page.getByRole("button", { name: "5 s back" });
  const forward = page.getByRole("button", { name: "5 s forward" });
  const tooltip = page.getByRole("tooltip");
  // Radix's triggers are in place (the native title is gone once the tooltip code has loaded).
  for (const button of [back, forward]) {
    await expect(button).toHaveAttribute("data-state", "closed");
    await expect(button).not.toHaveAttribute("title");
  }
  const heading = page.getByRole("heading", { level: 1, name: "Tooltip timing" });
  // Leaving a trigger only arms Radix's close: the pointer may be on its way to the tooltip, so Radix keeps the area
  // between where it left and the tooltip. The next move outside that area (up and left of both, to the page's
  // corner) closes it, and the provider's 300 ms skip window starts.
  const leave = async () => {
    const box = (await heading.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await advance(page, 0);
    await page.mouse.move(1, 1);
    await expect(tooltip).toHaveCount(0);
  };

  await back.hover();
  await advance(page, 699);
  await expect(tooltip).toHaveCount(0);
  await advance(page, 1);
  await expect(tooltip).toHaveText(/^Back 5 seconds/);
  await leave();

  // 250 ms later: the neighbour's tooltip opens with no delay at all (time stands still here).
  await advance(page, 250);
  await forward.hover();
  await expect(tooltip).toHaveText(/^Forward 5 seconds/);
  await expect(forward).toHaveAttribute("data-state", "instant-open");
  await leave();

  // More than 300 ms later the window has closed: the full 700 ms again.
  await advance(page, 301);
  await back.hover();
  await advance(page, 699);
  await expect(tooltip).toHaveCount(0);
  await advance(page, 1);
  await expect(tooltip).toHaveText(/^Back 5 seconds/);
  await expect(back).toHaveAttribute("data-state", "delayed-open");
});

test("cookie switches: Radix with JavaScript, a checkbox without; the choice is saved", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.goto("/terms?cookie-preferences=open");
  const dialog = page.getByRole("dialog", { name: "Cookie Preferences" });
  const analytics = dialog.getByRole("switch", { name: /Analytics Cookies/ });
  await expect(analytics).toBeChecked();
  await expect(analytics).toHaveJSProperty("tagName", javaScriptEnabled ? "BUTTON" : "INPUT");
  await analytics.focus();
  await page.keyboard.press("Space");
  await expect(analytics).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save Preferences" }).click();
  await expect(dialog).toHaveCount(0);
  const preferences = async () => {
    const value = (await context.cookies()).find((cookie) => cookie.name === "voxlate_cookie_preferences")?.value ?? "";
    return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString() || "null");
  };
  await expect.poll(preferences).toMatchObject({ analytics: false, marketing: true });
  await page.goto("/terms?cookie-preferences=open");
  await expect(dialog.getByRole("switch", { name: /Analytics Cookies/ })).not.toBeChecked();
  await expect(dialog.getByRole("switch", { name: /Marketing Cookies/ })).toBeChecked();
});
