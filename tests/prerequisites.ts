// Tests that need something outside the repository (an installed program, a model file) skip on a developer's
// machine that lacks it, with a warning. Under CI they must not: a runner without the program would otherwise
// report green with the tests silently skipped, so there a missing prerequisite fails the test file.

/**
 * True when the prerequisite is missing and the tests should skip, for `describe.skipIf(…)`/`test.skipIf(…)`.
 * Under CI (the CI variable set, as every CI service sets it) a missing prerequisite throws instead.
 */
export function prerequisiteMissing(available: boolean, what: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (available) return false;
  if (env.CI) {
    throw new Error(`${what} is missing; CI runs every test, so install it on the runner (locally this test skips).`);
  }
  console.warn(`Skipping: ${what} is missing.`);
  return true;
}
