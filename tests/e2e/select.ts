import { expect, type Locator, test } from "@playwright/test";

/**
 * Our selects are native `<select>`s without JavaScript and Radix Selects once hydrated
 * (app/components/ui/select.tsx): these helpers choose and read a value in either, by the option's value.
 */
function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Chooses `value`: selectOption on the native select, else the keyboard, as a person using one does: Enter on the
 * trigger opens the listbox, and Enter on the option (focused, so scrolled into view) chooses it. The mouse lost two
 * choices in two-worker runs (2026-11-28): after a press on the trigger, Radix ignores the next pointer release that
 * has not moved 10 px from it, and a click on an option far down a long list (the audit log's actions) left the list
 * open, most likely landing as the list scrolled under it. radix-widgets.spec.ts tests the mouse path on its own.
 */
export async function chooseOption(field: Locator, value: string) {
  if (!javaScriptEnabled()) {
    await field.selectOption(value);
    return;
  }
  const page = field.page();
  await expect(field).toHaveAttribute("data-enhanced", "");
  await field.press("Enter");
  await page.getByRole("listbox").locator(`[role="option"][data-value="${value}"]`).press("Enter");
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
