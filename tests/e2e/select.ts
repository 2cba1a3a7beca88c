import { expect, type Locator, test } from "@playwright/test";

/**
 * Our selects are native `<select>`s without JavaScript and Radix Selects once hydrated
 * (app/components/ui/select.tsx): these helpers choose and read a value in either, by the option's value.
 */
function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Chooses `value`: selectOption on the native select, else Enter on the trigger and a click on the option.
 * Enter, not a click, opens it: after a press on the trigger, Radix ignores the next pointer release that has not
 * moved 10 px from it (so that the release of that press selects nothing), and a choice whose release it took is
 * lost. A listbox was once left open so in a two-worker run, the click on its option lost (2026-11-28). A keyboard
 * opening arms no such check.
 */
export async function chooseOption(field: Locator, value: string) {
  if (!javaScriptEnabled()) {
    await field.selectOption(value);
    return;
  }
  const page = field.page();
  await expect(field).toHaveAttribute("data-enhanced", "");
  await field.press("Enter");
  await page.getByRole("listbox").locator(`[role="option"][data-value="${value}"]`).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(field).toHaveAttribute("data-value", value);
}

/** Asserts the chosen value: toHaveValue on the native select, the trigger's data-value on the Radix one. */
export async function expectChosen(field: Locator, value: string) {
  if (!javaScriptEnabled()) {
    await expect(field).toHaveValue(value);
    return;
  }
  await expect(field).toHaveAttribute("data-enhanced", "");
  await expect(field).toHaveAttribute("data-value", value);
}
