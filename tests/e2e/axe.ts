import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The levels every page is held to: WCAG 2.1 A and AA. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe's WCAG 2.1 AA findings on the page once it is at rest, each as "rule: the elements' selectors". While a
 * navigation or a form's revalidation loads, the navigation spinner fades in, and axe once measured the contrast of its
 * text halfway through the fade (a CI failure): this waits for the loading to end first. axe runs inside the page, so
 * it needs JavaScript; the markup it checks is the server's either way.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await expect(page.getByTestId("navigation-spinner")).toHaveCount(0);
  // Legacy mode runs axe.run() in the page. The default runs it per frame and then merges the results in a new page
  // of the context, with axe injected there again, for cross-origin frames, which the app has none of: the two
  // accessibility specs took 138–141 CPU-s that way and 105–112 this way (2026-11-28, docs/performance.md).
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode().analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
