import type { Page } from "@playwright/test";

/**
 * Stops the page's time with Playwright's fake clock (Date, setTimeout, setInterval, requestAnimationFrame,
 * performance): from here on the page's timers fire only when the test moves time with `advance`, so a test can say
 * what shows 1 ms before a delay ends and what shows when it ends, and a wait costs no real time. Call it before
 * `page.goto`; the page loads and hydrates with time standing still, since React schedules its work on
 * MessageChannel, which the clock leaves alone. CSS animations run on their own clock (see cookie-consent.spec.ts).
 */
export async function stopTime(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

/**
 * Lets the page finish the work React has queued (a render, or a render's effects that set the next timer). React's
 * scheduler posts its tasks as MessageChannel messages, which the fake clock leaves alone; one more message, posted
 * now, arrives after them.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Moves the stopped clock on by `ms`, firing every timer that falls due, in order. The page settles before (so the
 * timers its last render set are there) and after (so what the test sees next is what those timers did).
 */
export async function advance(page: Page, ms: number) {
  await settle(page);
  await page.clock.runFor(ms);
  await settle(page);
}
